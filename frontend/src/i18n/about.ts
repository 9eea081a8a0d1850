import { ABOUT_FIGURES } from '@shared/constants';
import { defineMessages } from './messages';

/** The About page; its marketing figures differ from the landing page's on purpose (docs/design.md, "Product and audiences"). */
export const about = defineMessages('about', {
  hero: {
    eyebrow: 'Bali Refill',
    title: 'About',
    text: 'We are building a network of smart water refill stations so that everyone on Bali, residents and visitors alike, can drink clean water without buying plastic.',
    mission: 'Our Mission',
    impact: 'Environmental Impact',
    panelTitle: 'Since we started',
    panel: [
      { value: ABOUT_FIGURES.bottlesSaved, label: 'Plastic bottles saved' },
      { value: ABOUT_FIGURES.waterDispensed, label: 'Clean water dispensed' },
      { value: ABOUT_FIGURES.locations, label: 'Active stations' },
    ],
  },
  mission: {
    title: 'Our Mission',
    text: 'Bali’s beaches and rivers carry the weight of single-use plastic. We make refilling the easy choice: a clean, safe and affordable station wherever you are.',
    points: [
      { title: 'Environmental Impact', text: 'Every refill replaces a single-use bottle and keeps plastic out of the ocean and the island’s landfills.' },
      { title: 'Community Access', text: 'Clean drinking water for Rp 1,000 per litre, 24/7, at beaches, markets, malls and neighbourhoods.' },
      { title: 'Smart Technology', text: 'Connected stations report their status and water quality live, so you always know where to refill.' },
    ],
    cardTitle: 'Sustainability First',
    cardText: 'We measure what matters: litres dispensed, bottles avoided and CO2 saved. Stations are refilled and serviced on routes planned from live data, so no trip is wasted.',
  },
  impact: {
    title: 'Our Impact So Far',
    text: 'Every number is a bottle that was never bought.',
    cards: [
      { value: ABOUT_FIGURES.bottlesSaved, label: 'Plastic bottles saved', detail: `About ${ABOUT_FIGURES.plasticTons} of plastic` },
      { value: ABOUT_FIGURES.waterDispensed, label: 'Clean water dispensed', detail: 'Filtered and quality-tested' },
      { value: ABOUT_FIGURES.co2Reduced, label: 'CO2 emissions reduced', detail: 'From bottles never made or shipped' },
      { value: ABOUT_FIGURES.locations, label: 'Active stations', detail: 'And growing across Bali' },
    ],
  },
  technology: {
    title: 'Smart Technology',
    text: 'Each station is a connected device, secured and monitored around the clock.',
    cards: [
      { title: 'NFC Payment', text: 'Tap your phone to pay. Contactless payments through mobile wallets, including Apple Pay and Google Pay, or your prepaid balance.' },
      { title: 'Real-time Monitoring', text: 'Water level, water quality and station health are reported every minute, so problems are fixed before you notice them.' },
      { title: 'IoT Connectivity', text: 'Stations stay online over 4G LTE and authenticate with their own certificates; every refill is authorised with a short-lived signed token.' },
    ],
    appTitle: 'The app in your pocket',
    appText: 'The mobile app shows the real-time status of every station, water quality monitoring, payments and your refill history, with real-time tracking of your personal environmental impact.',
    appPoints: ['Real-time station status', 'Water quality monitoring', 'Payments and refill history', 'Your personal environmental impact, live'],
  },
  cta: {
    title: 'Join Our Mission',
    text: 'Refill at a station near you, or bring a station to your business.',
    findStations: 'Find Stations',
    partner: 'Become a Partner',
  },
});
