import { useEffect, useState, type FormEvent } from 'react';
import { TIMING_MS } from '../../../../shared/constants';
import { businessTypeOptions, footfallOptions, type HostRequestInput } from '../../../../shared/schemas';
import { useSubmitHostRequest } from '../../api/host-requests';

const EMPTY: HostRequestInput = {
  businessName: '', contactName: '', email: '', phone: '', address: '',
  businessType: '' as HostRequestInput['businessType'], expectedFootfall: '' as HostRequestInput['expectedFootfall'], comments: '',
};

type Phase = 'idle' | 'success' | 'error';

/** The host application form (spec sections 4 and 5): idle, submitting, success for 5 s, error. */
export function HostApplicationForm() {
  const [form, setForm] = useState<HostRequestInput>(EMPTY);
  const [phase, setPhase] = useState<Phase>('idle');
  const submit = useSubmitHostRequest();

  useEffect(() => {
    if (phase !== 'success') return;
    const timer = setTimeout(() => setPhase('idle'), TIMING_MS.hostSuccessBanner);
    return () => clearTimeout(timer);
  }, [phase]);

  const set = (field: keyof HostRequestInput) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [field]: e.target.value }));

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    submit.mutate(form, {
      onSuccess: () => {
        setForm(EMPTY);
        setPhase('success');
      },
      onError: () => setPhase('error'),
    });
  };

  const input = 'mt-1 w-full rounded-lg border border-slate-300 px-3 py-2 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-100';
  return (
    <form onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2" aria-label="Host a station application">
      {phase === 'success' && (
        <div role="status" className="rounded-lg bg-emerald-50 p-4 text-emerald-800 ring-1 ring-emerald-200 sm:col-span-2">
          <p className="font-semibold">Application submitted successfully!</p>
          <p className="text-sm">Thank you for your interest. We'll review your application and contact you within 24 hours.</p>
        </div>
      )}
      {phase === 'error' && (
        <div role="alert" className="rounded-lg bg-red-50 p-4 text-red-800 ring-1 ring-red-200 sm:col-span-2">
          <p className="font-semibold">Submission failed</p>
          <p className="text-sm">There was an error submitting your application. Please try again.</p>
        </div>
      )}
      <label className="text-sm font-medium">Business name<input required name="businessName" value={form.businessName} onChange={set('businessName')} className={input} /></label>
      <label className="text-sm font-medium">Contact name<input required name="contactName" value={form.contactName} onChange={set('contactName')} className={input} /></label>
      <label className="text-sm font-medium">Email<input required type="email" name="email" value={form.email} onChange={set('email')} className={input} /></label>
      <label className="text-sm font-medium">Phone<input required type="tel" name="phone" value={form.phone} onChange={set('phone')} className={input} /></label>
      <label className="text-sm font-medium sm:col-span-2">Business address<input required name="address" value={form.address} onChange={set('address')} className={input} /></label>
      <label className="text-sm font-medium">Business type
        <select required name="businessType" value={form.businessType} onChange={set('businessType')} className={input}>
          <option value="">Select business type</option>
          {businessTypeOptions.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
        </select>
      </label>
      <label className="text-sm font-medium">Expected daily visitors
        <select required name="expectedFootfall" value={form.expectedFootfall} onChange={set('expectedFootfall')} className={input}>
          <option value="">Select expected footfall</option>
          {footfallOptions.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
        </select>
      </label>
      <label className="text-sm font-medium sm:col-span-2">Comments (optional)<textarea name="comments" rows={3} value={form.comments} onChange={set('comments')} className={input} /></label>
      <button type="submit" disabled={submit.isPending} className="rounded-lg bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800 disabled:opacity-60 sm:col-span-2">
        {submit.isPending ? 'Submitting...' : 'Submit Application'}
      </button>
    </form>
  );
}
