import { useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { EventPayload, OpInput } from '../../shared/contract';
import { useEvent, useOp, useOpMutation } from './api';

/** Memory view data: list by type with paging, search through the recall path, edits. */
export function useMemoryList(input: OpInput<'memory.list'>) {
  return useOp('memory.list', input, { placeholderData: (prev) => prev });
}

export function useMemorySearch(query: string) {
  return useOp('memory.search', { query, limit: 20 }, { enabled: query.trim().length > 0 });
}

function useInvalidateMemory() {
  const qc = useQueryClient();
  return useCallback(() => qc.invalidateQueries({ queryKey: ['memory'] }), [qc]);
}

export function useMemoryMutations() {
  const onSuccess = useInvalidateMemory();
  return {
    create: useOpMutation('memory.create', { onSuccess }),
    update: useOpMutation('memory.update', { onSuccess }),
    remove: useOpMutation('memory.delete', { onSuccess }),
    undoDelete: useOpMutation('memory.undoDelete', { onSuccess }),
    undoLearned: useOpMutation('memory.undoLearned', { onSuccess }),
    reindex: useOpMutation('memory.reindex', { onSuccess }),
  };
}

export function useMemorySettings() {
  const onSuccess = useInvalidateMemory();
  return {
    settings: useOp('memory.settings.get', {}),
    update: useOpMutation('memory.settings.update', { onSuccess }),
  };
}

export function useMemoryIndexStatus() {
  return useOp('memory.indexStatus', {});
}

/** The latest re-index progress event (null when none is running). */
export function useMemoryIndexProgress(): EventPayload<'memory.index'> | null {
  const [p, setP] = useState<EventPayload<'memory.index'> | null>(null);
  const qc = useQueryClient();
  const listener = useCallback(
    (e: EventPayload<'memory.index'>) => {
      setP(e.finished ? null : e);
      if (e.finished) void qc.invalidateQueries({ queryKey: ['memory'] });
    },
    [qc],
  );
  useEvent('memory.index', listener);
  return p;
}
