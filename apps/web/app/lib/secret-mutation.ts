import { useRef } from 'react';
import { useMutation, type UseMutationOptions } from '@tanstack/react-query';

/**
 * A mutation whose input never enters TanStack Query's mutation cache. Passwords, card numbers and
 * security codes would otherwise stay there as `variables` for minutes after the form is gone (and
 * show in devtools); here the input waits in a ref that is emptied the moment it is sent.
 */
export function useSecretMutation<TInput, TData>(
  send: (input: TInput) => Promise<TData>,
  options: Omit<UseMutationOptions<TData, Error, void>, 'mutationFn'> = {},
) {
  const pending = useRef<{ input: TInput } | null>(null);
  const mutation = useMutation({
    ...options,
    mutationFn: () => {
      const next = pending.current;
      pending.current = null;
      if (!next) return Promise.reject(new Error('Nothing to send'));
      return send(next.input);
    },
  });
  const run = (input: TInput): Promise<TData> => {
    pending.current = { input };
    return mutation.mutateAsync();
  };
  return { ...mutation, run };
}
