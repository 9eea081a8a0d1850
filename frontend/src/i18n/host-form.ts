import type { HostRequestInput } from '@shared/schemas/host-request';
import { defineMessages } from './messages';

type BusinessType = Exclude<HostRequestInput['businessType'], undefined>;
type Footfall = Exclude<HostRequestInput['expectedFootfall'], undefined>;

/** The host application form; option values are the contract's, labels are those of docs/design.md, "Entities". */
export const businessTypes = ['cafe', 'retail', 'gym', 'hotel', 'office', 'community', 'other'] as const satisfies readonly BusinessType[];
export const footfalls = ['50-100', '100-300', '300-500', '500+'] as const satisfies readonly Footfall[];

export const hostForm = defineMessages('hostForm', {
  formLabel: 'Host a station application',
  businessName: 'Business name',
  contactName: 'Contact name',
  email: 'Email',
  phone: 'Phone',
  address: 'Business address',
  businessType: 'Business type',
  selectBusinessType: 'Select business type',
  footfall: 'Expected daily visitors',
  selectFootfall: 'Select expected footfall',
  comments: 'Comments (optional)',
  commentsHint: 'Opening hours, where the station could stand, questions...',
  submit: 'Submit Application',
  submitting: 'Submitting...',
  successTitle: 'Application submitted successfully!',
  successText: "Thank you for your interest. We'll review your application and contact you within 24 hours.",
  errorTitle: 'Submission failed',
  errorText: 'There was an error submitting your application. Please try again.',
  businessTypeLabels: {
    cafe: 'Cafe/Restaurant', retail: 'Retail Store', gym: 'Gym/Fitness Center', hotel: 'Hotel/Accommodation',
    office: 'Office Building', community: 'Community Center', other: 'Other',
  } satisfies Record<BusinessType, string>,
  footfallLabels: {
    '50-100': '50-100 daily visitors', '100-300': '100-300 daily visitors', '300-500': '300-500 daily visitors', '500+': '500+ daily visitors',
  } satisfies Record<Footfall, string>,
});
