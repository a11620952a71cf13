/** A stand-in for the browser's EventSource that records what a hook opens and lets tests fire events. */
export class FakeEventSource {
  static all: FakeEventSource[] = [];
  readonly url: string;
  closed = false;
  private listeners = new Map<string, ((ev: Event) => void)[]>();
  constructor(url: string) {
    this.url = url;
    FakeEventSource.all.push(this);
  }
  addEventListener(type: string, fn: (ev: Event) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), fn]);
  }
  close() {
    this.closed = true;
  }
  fire(type: string, data?: unknown) {
    const ev = data === undefined ? new Event(type) : new MessageEvent(type, { data: JSON.stringify(data) });
    for (const fn of this.listeners.get(type) ?? []) fn(ev);
  }
}
