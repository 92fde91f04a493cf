import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import type { LedgerListInput } from '../../shared/contract';
import { useOp, useOpMutation } from './api';

/** Ledger queries and writes for the views; every write refetches the "ledger" domain. */

export function useLedgerList(input: LedgerListInput) {
  // Keep the previous page on screen while the next one loads (no flicker when paging/filtering).
  return useOp('ledger.list', input, { placeholderData: keepPreviousData });
}

/** Whether the person has any entry at all (drives the first-run empty state). */
export function useHasLedgerEntries() {
  const q = useOp('ledger.list', { limit: 1 });
  return { ...q, hasEntries: q.data ? q.data.total > 0 : undefined };
}

export function useLedgerSummary(range: { start_at: string; end_at: string; currency?: string }) {
  return useOp('ledger.summary', range, { placeholderData: keepPreviousData });
}

export function useLedgerCategories() {
  return useOp('ledger.categories', {});
}

/** The person's settings (zone, currency) as the engine sees them. */
export function useGeneralSettings() {
  return useOp('settings.get', {}, { staleTime: 60_000 });
}

function useInvalidateLedger() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: ['ledger'] });
}

export function useCreateEntry() {
  const invalidate = useInvalidateLedger();
  return useOpMutation('ledger.create', { onSuccess: invalidate });
}

export function useUpdateEntry() {
  const invalidate = useInvalidateLedger();
  return useOpMutation('ledger.update', { onSuccess: invalidate });
}

export function useDeleteEntry() {
  const invalidate = useInvalidateLedger();
  return useOpMutation('ledger.delete', { onSuccess: invalidate });
}

export function useUndoDelete() {
  const invalidate = useInvalidateLedger();
  return useOpMutation('ledger.undoDelete', { onSuccess: invalidate });
}
