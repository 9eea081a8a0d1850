import { useMutation } from '@tanstack/react-query';
import { useCallback } from 'react';
import { AuthFailure } from '../features/auth/errors';
import { authTexts } from '../i18n/auth';
import { useMessages } from '../i18n/messages';

/**
 * Runs an auth step (a call to Cognito: sign in, sign up, confirm, reset) as a mutation: its pending state and
 * the failure message to show. `run` never rejects: the failure is shown from `error`. A file of its own, so the
 * auth texts load only with the sign-in screens.
 */
export function useAuthStep() {
  const texts = useMessages(authTexts).errors;
  const byCode: Record<string, string | undefined> = texts;
  const step = useMutation({ mutationFn: (run: () => Promise<void>) => run() });
  const { mutateAsync } = step;
  const run = useCallback((action: () => Promise<void>) => mutateAsync(action).catch(() => undefined), [mutateAsync]);
  // A failure we know by its code reads in the page's language; anything else (Cognito's own words) as it came.
  const known = step.error instanceof AuthFailure && Object.hasOwn(byCode, step.error.code) ? byCode[step.error.code] : undefined;
  const error = step.error ? known || step.error.message || texts.unknown : null;
  return { busy: step.isPending, error, run };
}
