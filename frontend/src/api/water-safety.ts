import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import { LAB_REPORT_TYPE, MAX_LAB_REPORT_BYTES, type SafetyClearInput, type SafetyLockInput, type SafetyRecordInput } from '@shared/schemas/water-safety';
import { adminKeys, useAdminMutation, type Reactions } from './admin';
import { authedApi } from './auth';
import { postUpload } from './uploads';

/** Why a file cannot be a lab report, before anything is sent (the server checks the stored bytes again). */
export async function labReportProblem(file: File): Promise<'notPdf' | 'tooLarge' | null> {
  if (file.type !== LAB_REPORT_TYPE) return 'notPdf';
  if (file.size > MAX_LAB_REPORT_BYTES) return 'tooLarge';
  const head = new Uint8Array(await file.slice(0, 5).arrayBuffer());
  return String.fromCharCode(...head) === '%PDF-' ? null : 'notPdf';
}

/**
 * Records a sanitation visit or a lab test; a lab test's PDF goes first, straight to storage, and the record names
 * the upload (docs/stations.md, "Water safety"). `onUploaded` tells the form the file is stored and the record is next.
 */
async function recordSafety(id: string, input: z.output<typeof SafetyRecordInput>, pdf: File | null, onUploaded?: () => void) {
  if (input.kind === 'labTest' && pdf) {
    const upload = await authedApi('adminCreateLabReportUpload', { params: { id }, body: { contentType: LAB_REPORT_TYPE, size: pdf.size } });
    await postUpload(upload, pdf);
    onUploaded?.();
    return authedApi('adminRecordSafety', { params: { id }, body: { ...input, reportKey: upload.key } });
  }
  return authedApi('adminRecordSafety', { params: { id }, body: input });
}

/** A lab report's link lasts 5 minutes: read again a minute before it ends, so the one on the page always works. */
const LINK_FRESH_MS = 4 * 60_000;

export const waterSafetyQueries = {
  overview: (id: string) => queryOptions({ queryKey: ['admin', 'station', id, 'safety'] as const, queryFn: ({ signal }) => authedApi('adminMachineSafety', { signal, params: { id } }) }),
  labReport: (id: string, recordId: string) => queryOptions({
    queryKey: ['admin', 'station', id, 'safety', recordId, 'lab-report'] as const,
    queryFn: ({ signal }) => authedApi('adminGetLabReport', { signal, params: { id, recordId } }),
    staleTime: LINK_FRESH_MS,
    refetchInterval: LINK_FRESH_MS,
  }),
};

/** Everything on the station's console page: the water safety, its lock and the station's state move together. */
const refreshStation = (id: string) => (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: adminKeys.station(id) });

/** A visit or a test to record, with the lab's PDF when it is a test. */
type SafetyRecording = { input: z.output<typeof SafetyRecordInput>; pdf: File | null };

/** Records a visit or a test (a lab test's PDF first); `onPhase` tells the form what it waits for: the upload, then the record. */
export const useRecordSafety = (id: string, onPhase: (phase: 'uploading' | 'saving') => void, reactions?: Reactions<unknown, SafetyRecording>) =>
  useAdminMutation(
    ({ input, pdf }: SafetyRecording) => {
      const file = input.kind === 'labTest' ? pdf : null;
      onPhase(file ? 'uploading' : 'saving');
      return recordSafety(id, input, file, () => onPhase('saving'));
    },
    refreshStation(id),
    reactions,
  );

export const useClearSafetyLock = (id: string, reactions?: Reactions<unknown, z.output<typeof SafetyClearInput>>) =>
  useAdminMutation((body: z.output<typeof SafetyClearInput>) => authedApi('adminClearSafetyLock', { params: { id }, body }), refreshStation(id), reactions);

export const useLockStation = (id: string, reactions?: Reactions<unknown, z.output<typeof SafetyLockInput>>) =>
  useAdminMutation((body: z.output<typeof SafetyLockInput>) => authedApi('adminLockStation', { params: { id }, body }), refreshStation(id), reactions);
