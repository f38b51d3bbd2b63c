// The list's selected rows, outside React state: a row subscribes to its own id and re-renders only when its
// own checkbox changes; the header checkbox and the toolbar subscribe to the whole selection. Selecting all
// 200 rows of a page re-renders each row's checkbox once and none of the cells.
import { useCallback, useState, useSyncExternalStore } from 'react';

type Listener = () => void;

export interface SelectionStore {
  has(id: number): boolean;
  /** Selected ids in the order they were chosen. */
  ids(): number[];
  size(): number;
  toggle(id: number): void;
  /** Replaces the selection (select all, or none). */
  set(ids: number[]): void;
  clear(): void;
  /** Called when this id's state changes. */
  subscribeId(id: number, listener: Listener): () => void;
  /** Called on any change. */
  subscribe(listener: Listener): () => void;
  /** Grows on every change: a snapshot for whole-selection readers. */
  version(): number;
}

export function createSelectionStore(): SelectionStore {
  let selected = new Set<number>();
  let version = 0;
  const byId = new Map<number, Set<Listener>>();
  const all = new Set<Listener>();

  const commit = (next: Set<number>, changed: Iterable<number>) => {
    selected = next;
    version += 1;
    for (const id of changed) byId.get(id)?.forEach((listener) => listener());
    all.forEach((listener) => listener());
  };

  return {
    has: (id) => selected.has(id),
    ids: () => [...selected],
    size: () => selected.size,
    toggle(id) {
      const next = new Set(selected);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      commit(next, [id]);
    },
    set(ids) {
      const next = new Set(ids);
      const changed = [...ids.filter((id) => !selected.has(id)), ...[...selected].filter((id) => !next.has(id))];
      if (changed.length) commit(next, changed);
    },
    clear() {
      if (selected.size) commit(new Set(), [...selected]);
    },
    subscribeId(id, listener) {
      let listeners = byId.get(id);
      if (!listeners) byId.set(id, (listeners = new Set()));
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (!listeners.size) byId.delete(id);
      };
    },
    subscribe(listener) {
      all.add(listener);
      return () => void all.delete(listener);
    },
    version: () => version,
  };
}

/** One store for the lifetime of a list. */
export function useSelectionStore(): SelectionStore {
  const [store] = useState(createSelectionStore);
  return store;
}

/** Is this row selected: re-renders only when this row's state changes. */
export function useIsSelected(store: SelectionStore, id: number): boolean {
  const subscribe = useCallback((listener: Listener) => store.subscribeId(id, listener), [store, id]);
  return useSyncExternalStore(subscribe, () => store.has(id));
}

/** Re-renders on any selection change; read the store itself for what it holds. */
export function useSelection(store: SelectionStore): SelectionStore {
  useSyncExternalStore(store.subscribe, store.version);
  return store;
}
