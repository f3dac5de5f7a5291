/**
 * Runs the tasks given for one key one after another (tasks of different keys run freely), so
 * the changes of one document made in this process wait in line instead of racing for the same
 * version and retrying: n writers of one document cost n commits, not about n²/2 attempts.
 */
export function oneAtATime() {
  const tails = new Map<string, Promise<unknown>>()
  return function run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = tails.get(key) ?? Promise.resolve()
    const result = previous.then(task, task)
    const tail = result.catch(() => undefined)
    tails.set(key, tail)
    void tail.then(() => {
      if (tails.get(key) === tail) tails.delete(key)
    })
    return result
  }
}
