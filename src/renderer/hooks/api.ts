import { useEffect } from 'react';
import {
  useMutation,
  useQuery,
  useQueryClient,
  type UseMutationOptions,
  type UseQueryOptions,
} from '@tanstack/react-query';
import type { EventName, EventPayload, OpInput, OpName, OpOutput } from '../../shared/contract';
import { getClient, type ApiError } from '../api/client';

/** Query keys start with the operation name, so "ledger.*" queries share the "ledger" domain. */
export function opKey<K extends OpName>(name: K, input?: OpInput<K>): unknown[] {
  return [name.split('.')[0], name, input ?? {}];
}

export function useOp<K extends OpName>(
  name: K,
  input: OpInput<K>,
  options?: Omit<UseQueryOptions<OpOutput<K>, ApiError>, 'queryKey' | 'queryFn'>,
) {
  return useQuery<OpOutput<K>, ApiError>({
    queryKey: opKey(name, input),
    queryFn: () => getClient().invoke(name, input),
    ...options,
  });
}

export function useOpMutation<K extends OpName>(
  name: K,
  options?: Omit<UseMutationOptions<OpOutput<K>, ApiError, OpInput<K>>, 'mutationFn'>,
) {
  return useMutation<OpOutput<K>, ApiError, OpInput<K>>({
    mutationFn: (input) => getClient().invoke(name, input),
    ...options,
  });
}

export function useEvent<E extends EventName>(
  event: E,
  listener: (payload: EventPayload<E>) => void,
): void {
  useEffect(() => getClient().on(event, listener), [event, listener]);
}

/** Refetches a domain's queries when the engine says its data changed. */
export function useDataChangedInvalidation(): void {
  const qc = useQueryClient();
  useEffect(
    () =>
      getClient().on('data.changed', (p) => {
        // '*' = everything may have changed (a backup was restored, a full export imported).
        void (p.domain === '*'
          ? qc.invalidateQueries()
          : qc.invalidateQueries({ queryKey: [p.domain] }));
      }),
    [qc],
  );
}
