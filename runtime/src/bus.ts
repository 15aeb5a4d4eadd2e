import { Subject, filter, type Observable } from 'rxjs';

/** Events that cross app boundaries. Remotes never import each other: they talk through the URL and this bus. */
export type BusEvent =
  | { type: 'session:login'; userId: number }
  | { type: 'session:logout'; reason: 'user' | 'expired' }
  /** The page (or the hybrid app around it) went to the background / came back: pause or resume polling. */
  | { type: 'app:pause' }
  | { type: 'app:resume' }
  /** A dialog overlay opened or closed somewhere; the shell hides the bottom nav while any is open. */
  | { type: 'overlay'; open: boolean; id: string }
  | { type: 'toast'; message: string; tone: 'info' | 'success' | 'error' };

export type BusEventOf<T extends BusEvent['type']> = Extract<BusEvent, { type: T }>;

export class EventBus {
  private readonly subject = new Subject<BusEvent>();

  publish(event: BusEvent): void {
    this.subject.next(event);
  }

  on<T extends BusEvent['type']>(type: T): Observable<BusEventOf<T>> {
    return this.subject.pipe(filter((e): e is BusEventOf<T> => e.type === type));
  }

  get all$(): Observable<BusEvent> {
    return this.subject.asObservable();
  }
}

/** The one bus of the page; @invest/runtime is a federation singleton, so every app gets this instance. */
export const bus = new EventBus();
