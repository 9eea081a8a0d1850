import { defineMessages } from './messages';

/** The landing page (docs/design.md, "Screens and routes": seven sections in order). */
export const landing = defineMessages('landing', {
  hero: {
    eyebrow: 'Smart refill stations across Bali',
    title: 'Clean water for your bottle, anywhere in Bali',
    text: 'Skip the plastic. Refill with filtered, quality-tested water at smart stations for Rp 1,000 per litre, open 24/7 and connected over 4G LTE.',
    findStations: 'Find stations',
    startFree: 'Start for free',
    points: ['Rp 1,000 per litre', 'Open 24/7', 'Live status over 4G LTE'],
    illustration: 'A refill station filling a reusable bottle',
  },
  benefits: {
    eyebrow: 'Hydration benefits',
    title: 'Stay hydrated in the tropical heat',
    text: 'Bali is hot and humid all year. Drinking enough clean water keeps you going, from the beach to the rice terraces.',
    items: [
      { title: 'Energy and focus', text: 'Even mild dehydration makes you tired. Regular sips keep your energy up all day.' },
      { title: 'Beat the heat', text: 'Water cools you down and helps your body recover after surfing, hiking or a day in the sun.' },
      { title: 'Clean and safe', text: 'Every station filters its water and monitors quality in real time, so every refill is safe to drink.' },
      { title: 'Kind to the island', text: 'Each refill is a plastic bottle that never reaches Bali’s beaches, rivers or landfills.' },
    ],
  },
  stats: {
    label: 'Our numbers',
    active: 'Active stations',
    bottles: 'Bottles saved',
    satisfaction: 'Satisfaction',
    activeHint: 'Online right now',
  },
  locations: {
    eyebrow: 'Locations',
    title: 'Stations near you',
    text: 'These stations are online right now. Tap a marker on the map for directions.',
    listLabel: 'Online stations',
    onlineCount: (n: number) => (n === 1 ? '1 station online' : `${n} stations online`),
    viewAll: (n: number) => `View all ${n} stations`,
    none: 'No station is online at the moment. Please check again soon.',
    error: 'Stations could not be loaded.',
    mapLabel: 'Map of online stations',
    browse: 'Browse the station finder',
  },
  app: {
    title: 'Try the app now',
    text: 'Top up your wallet from Rp 10,000, pay with a tap of your phone and watch your plastic savings grow.',
    points: ['Prepaid wallet in rupiah', 'NFC and mobile wallet payments', 'Your refills and impact at a glance'],
    open: 'Open the web app',
    mockGreeting: 'Good morning',
    mockBalance: 'Current balance',
    mockNfc: 'NFC Pay',
    mockFind: 'Find Machine',
    mockImpact: 'Your impact',
  },
  partners: {
    eyebrow: 'Partners',
    title: 'Host a refill station',
    text: 'Cafes, shops, gyms, hotels, offices and community centres across Bali host our stations. Bring clean water to your customers and a new reason to visit.',
    benefits: [
      { title: 'Revenue sharing', text: 'Earn a share of every refill at your location.' },
      { title: 'No upfront cost', text: 'We supply the station at no cost to you.' },
      { title: 'Installation and maintenance', text: 'We install, refill, service and monitor the station.' },
      { title: 'Reply within 24 hours', text: 'Our team gets back to you within a day.' },
    ],
    formTitle: 'Apply to host a station',
    formText: 'Tell us about your business. All fields except comments are required.',
  },
});
