import type { ComponentChildren } from 'preact'
import type { PanelSession } from '../session/use-session.ts'

/** The bar over every signed-in screen: where a person can go, who they are, and sign out. */
export function TopBar(props: {
  brand: string
  signedIn: PanelSession
  current: 'websites' | 'people' | 'activity' | 'editor' | 'account'
  children?: ComponentChildren
}) {
  const { person } = props.signedIn.current
  const place = (name: typeof props.current, href: string, label: string) => (
    <a href={href} aria-current={props.current === name ? 'page' : undefined}>
      {label}
    </a>
  )
  return (
    <header class="topbar">
      <p class="brand">{props.brand}</p>
      {props.children}
      <nav aria-label="Places" class="top-nav">
        {person.operator && place('websites', '#/', 'Websites')}
        {person.operator && place('people', '#/people', 'People')}
        {person.operator && place('activity', '#/activity', 'Activity')}
        {place('editor', '#/editor', 'Editor')}
        {place('account', '#/account', 'Account')}
      </nav>
      <span class="top-person" title={person.email}>
        {person.name}
      </span>
      <button type="button" class="button" onClick={() => void props.signedIn.signOut()}>
        Sign out
      </button>
    </header>
  )
}
