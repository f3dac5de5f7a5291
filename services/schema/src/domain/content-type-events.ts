/** Announces that a website's type changed (version) or was deleted (null). Never throws. */
export interface ContentTypeEvents {
  changed(websiteId: string, name: string, version: number | null): Promise<void>
  /**
   * Announces that a component changed (version) or was deleted (null): the types using it
   * changed with it. Never throws.
   */
  componentChanged(websiteId: string, name: string, version: number | null): Promise<void>
  /** Announces that the website's locales changed. Never throws. */
  localesChanged(websiteId: string): Promise<void>
}
