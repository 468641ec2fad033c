/**
 * Undo/redo history of the drawing, kept outside React state, as excalidraw keeps it (docs/architecture.md
 * "Queues"). One entry per finished stroke; a new entry after an undo drops the redo entries; the oldest
 * entries go once the limit is reached, so memory stays bounded. Components read `canUndo`/`canRedo` through
 * useSyncExternalStore(history.subscribe, history.getState).
 */
export type HistoryState = {
  canUndo: boolean;
  canRedo: boolean;
  /** Entries kept, and the position of the current one in them. */
  size: number;
  index: number;
};

export class HistoryStore<T> {
  private entries: T[] = [];
  private index = -1;
  private state: HistoryState = { canUndo: false, canRedo: false, size: 0, index: -1 };
  private listeners = new Set<() => void>();

  constructor(readonly limit: number) {
    if (!Number.isInteger(limit) || limit < 2) throw new RangeError("The history keeps at least 2 entries");
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** The same object until the history changes (what useSyncExternalStore needs). */
  getState = (): HistoryState => this.state;

  /** The entry shown now. */
  current(): T | undefined {
    return this.entries[this.index];
  }

  /** Start over with one entry (the first snapshot: a blank or restored picture). */
  reset(entry: T): void {
    this.entries = [entry];
    this.index = 0;
    this.changed();
  }

  /** Record a finished stroke. Entries after the current one (the redo entries) are dropped. */
  push(entry: T): void {
    this.entries = this.entries.slice(0, this.index + 1);
    this.entries.push(entry);
    if (this.entries.length > this.limit) this.entries.splice(0, this.entries.length - this.limit);
    this.index = this.entries.length - 1;
    this.changed();
  }

  /** Step back; undefined (and nothing changes) at the first snapshot. */
  undo(): T | undefined {
    if (this.index <= 0) return undefined;
    this.index -= 1;
    this.changed();
    return this.entries[this.index];
  }

  /** Step forward; undefined (and nothing changes) at the last snapshot. */
  redo(): T | undefined {
    if (this.index >= this.entries.length - 1) return undefined;
    this.index += 1;
    this.changed();
    return this.entries[this.index];
  }

  private changed(): void {
    this.state = {
      canUndo: this.index > 0,
      canRedo: this.index < this.entries.length - 1,
      size: this.entries.length,
      index: this.index,
    };
    for (const listener of this.listeners) listener();
  }
}
