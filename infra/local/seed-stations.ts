import type { MachineStatus, StationType } from '@shared/schemas/machine';

/**
 * Seed stations at real places across Bali's refill areas. Coordinates are those of the named place.
 * HRL-00034 has no coordinates, water level or name yet (a freshly installed station): it shows the
 * read-time fallbacks and 'unknown', never invented values.
 */
export interface SeedStation {
  id: string;
  name?: string;
  location: string;
  latitude?: string;
  longitude?: string;
  status: MachineStatus;
  waterLevel?: number;
  features?: string[];
  /** The kind of place (the finder's station types). */
  type?: StationType;
  /** Days since the last refill, relative to seeding time. */
  refilledDaysAgo?: number;
}

const BEACH = ['NFC Payment', 'Mobile App', 'Chilled Water', 'Beach Access'];
const MALL = ['NFC Payment', 'Mobile App', 'Water Quality Monitor', 'Indoor'];
const MARKET = ['NFC Payment', 'Mobile App', 'QRIS'];
const TOURIST = ['NFC Payment', 'Mobile App', 'Water Quality Monitor', 'Chilled Water'];
const COWORK = ['NFC Payment', 'Mobile App', 'Water Quality Monitor', 'Sparkling Water'];

export const SEED_STATIONS: SeedStation[] = [
  // Seminyak
  { id: 'HRL-00001', name: 'Seminyak Square', location: 'Jl. Kayu Aya, Seminyak, Badung, Bali', latitude: '-8.6862', longitude: '115.1636', status: 'online', waterLevel: 82, features: MALL, type: 'mall', refilledDaysAgo: 1 },
  { id: 'HRL-00002', name: 'Petitenget Beach', location: 'Jl. Petitenget, Seminyak, Badung, Bali', latitude: '-8.6772', longitude: '115.1526', status: 'online', waterLevel: 64, features: BEACH, type: 'beach', refilledDaysAgo: 2 },
  { id: 'HRL-00003', name: 'Seminyak Village', location: 'Jl. Kayu Jati No. 8, Seminyak, Badung, Bali', latitude: '-8.6873', longitude: '115.1641', status: 'online', waterLevel: 45, features: MALL, type: 'mall', refilledDaysAgo: 3 },
  { id: 'HRL-00004', name: 'Double Six Beach', location: 'Jl. Arjuna, Seminyak-Legian, Badung, Bali', latitude: '-8.6968', longitude: '115.1632', status: 'offline', waterLevel: 12, features: BEACH, type: 'beach', refilledDaysAgo: 9 },
  { id: 'HRL-00005', name: 'Eat Street Seminyak', location: 'Jl. Kayu Cendana, Seminyak, Badung, Bali', latitude: '-8.6836', longitude: '115.1603', status: 'online', waterLevel: 91, features: TOURIST, type: 'tourist', refilledDaysAgo: 0 },
  { id: 'HRL-00006', name: 'Sunset Road Seminyak', location: 'Jl. Sunset Road, Seminyak, Badung, Bali', latitude: '-8.6891', longitude: '115.1756', status: 'maintenance', waterLevel: 0, features: MARKET, type: 'market', refilledDaysAgo: 14 },
  // Canggu
  { id: 'HRL-00007', name: 'Batu Bolong Beach', location: 'Jl. Pantai Batu Bolong, Canggu, Badung, Bali', latitude: '-8.6594', longitude: '115.1304', status: 'online', waterLevel: 73, features: BEACH, type: 'beach', refilledDaysAgo: 1 },
  { id: 'HRL-00008', name: 'Echo Beach', location: 'Jl. Pura Batu Mejan, Canggu, Badung, Bali', latitude: '-8.6530', longitude: '115.1238', status: 'online', waterLevel: 58, features: BEACH, type: 'beach', refilledDaysAgo: 2 },
  { id: 'HRL-00009', name: 'Berawa Beach', location: 'Jl. Pantai Berawa, Canggu, Badung, Bali', latitude: '-8.6636', longitude: '115.1396', status: 'online', waterLevel: 37, features: BEACH, type: 'beach', refilledDaysAgo: 4 },
  { id: 'HRL-00010', name: 'Pererenan Village', location: 'Jl. Raya Pererenan, Canggu, Badung, Bali', latitude: '-8.6456', longitude: '115.1258', status: 'offline', waterLevel: 66, features: MARKET, type: 'market', refilledDaysAgo: 5 },
  { id: 'HRL-00011', name: 'Canggu Shortcut Co-working', location: 'Jl. Raya Semat, Canggu, Badung, Bali', latitude: '-8.6506', longitude: '115.1446', status: 'online', waterLevel: 88, features: COWORK, type: 'cowork', refilledDaysAgo: 1 },
  { id: 'HRL-00012', name: 'Love Anchor Market', location: 'Jl. Pantai Batu Bolong No. 56, Canggu, Badung, Bali', latitude: '-8.6557', longitude: '115.1318', status: 'online', waterLevel: 19, features: MARKET, type: 'market', refilledDaysAgo: 6 },
  // Ubud
  { id: 'HRL-00013', name: 'Ubud Art Market', location: 'Jl. Raya Ubud, Ubud, Gianyar, Bali', latitude: '-8.5069', longitude: '115.2625', status: 'online', waterLevel: 77, features: MARKET, type: 'market', refilledDaysAgo: 1 },
  { id: 'HRL-00014', name: 'Sacred Monkey Forest', location: 'Jl. Monkey Forest, Ubud, Gianyar, Bali', latitude: '-8.5188', longitude: '115.2585', status: 'online', waterLevel: 52, features: TOURIST, type: 'tourist', refilledDaysAgo: 2 },
  { id: 'HRL-00015', name: 'Campuhan Ridge Walk', location: 'Jl. Raya Campuhan, Ubud, Gianyar, Bali', latitude: '-8.5036', longitude: '115.2540', status: 'online', waterLevel: 95, features: TOURIST, type: 'tourist', refilledDaysAgo: 0 },
  { id: 'HRL-00016', name: 'Jalan Hanoman', location: 'Jl. Hanoman, Ubud, Gianyar, Bali', latitude: '-8.5116', longitude: '115.2641', status: 'online', waterLevel: 41, features: COWORK, type: 'cowork', refilledDaysAgo: 3 },
  { id: 'HRL-00017', name: 'Tegallalang Rice Terrace', location: 'Jl. Raya Tegallalang, Ubud, Gianyar, Bali', latitude: '-8.4326', longitude: '115.2797', status: 'maintenance', waterLevel: 8, features: TOURIST, type: 'tourist', refilledDaysAgo: 11 },
  { id: 'HRL-00018', name: 'Pengosekan', location: 'Jl. Raya Pengosekan, Ubud, Gianyar, Bali', latitude: '-8.5232', longitude: '115.2667', status: 'online', waterLevel: 69, features: COWORK, type: 'cowork', refilledDaysAgo: 2 },
  // Denpasar
  { id: 'HRL-00019', name: 'Puputan Badung Square', location: 'Jl. Surapati, Denpasar, Bali', latitude: '-8.6567', longitude: '115.2166', status: 'online', waterLevel: 84, features: TOURIST, type: 'tourist', refilledDaysAgo: 1 },
  { id: 'HRL-00020', name: 'Bajra Sandhi Monument', location: 'Jl. Raya Puputan, Renon, Denpasar, Bali', latitude: '-8.6723', longitude: '115.2337', status: 'online', waterLevel: 61, features: TOURIST, type: 'tourist', refilledDaysAgo: 2 },
  { id: 'HRL-00021', name: 'Pasar Badung', location: 'Jl. Gajah Mada, Denpasar, Bali', latitude: '-8.6552', longitude: '115.2128', status: 'offline', waterLevel: 33, features: MARKET, type: 'market', refilledDaysAgo: 7 },
  { id: 'HRL-00022', name: 'Level 21 Mall', location: 'Jl. Teuku Umar No. 1, Denpasar, Bali', latitude: '-8.6756', longitude: '115.2149', status: 'online', waterLevel: 56, features: MALL, type: 'mall', refilledDaysAgo: 1 },
  { id: 'HRL-00023', name: 'Teuku Umar Barat', location: 'Jl. Teuku Umar Barat, Denpasar, Bali', latitude: '-8.6727', longitude: '115.2022', status: 'locked', waterLevel: 70, features: MARKET, type: 'market', refilledDaysAgo: 3 },
  // Sanur
  { id: 'HRL-00024', name: 'Sindhu Beach', location: 'Jl. Pantai Sindhu, Sanur, Denpasar, Bali', latitude: '-8.6810', longitude: '115.2640', status: 'online', waterLevel: 79, features: BEACH, type: 'beach', refilledDaysAgo: 1 },
  { id: 'HRL-00025', name: 'Mertasari Beach', location: 'Jl. Mertasari, Sanur, Denpasar, Bali', latitude: '-8.7145', longitude: '115.2545', status: 'online', waterLevel: 48, features: BEACH, type: 'beach', refilledDaysAgo: 3 },
  { id: 'HRL-00026', name: 'Sanur Beach Market', location: 'Jl. Danau Tamblingan, Sanur, Denpasar, Bali', latitude: '-8.6900', longitude: '115.2622', status: 'online', waterLevel: 87, features: MARKET, type: 'market', refilledDaysAgo: 0 },
  { id: 'HRL-00027', name: 'Icon Bali Mall', location: 'Jl. Danau Tamblingan No. 89, Sanur, Denpasar, Bali', latitude: '-8.6960', longitude: '115.2630', status: 'online', waterLevel: 62, features: MALL, type: 'mall', refilledDaysAgo: 2 },
  { id: 'HRL-00028', name: 'Padang Galak Beach', location: 'Jl. Padang Galak, Sanur Kaja, Denpasar, Bali', latitude: '-8.6545', longitude: '115.2655', status: 'offline', waterLevel: 24, features: BEACH, type: 'beach', refilledDaysAgo: 8 },
  // Kuta
  { id: 'HRL-00029', name: 'Kuta Beach', location: 'Jl. Pantai Kuta, Kuta, Badung, Bali', latitude: '-8.7185', longitude: '115.1686', status: 'online', waterLevel: 71, features: BEACH, type: 'beach', refilledDaysAgo: 1 },
  { id: 'HRL-00030', name: 'Beachwalk Shopping Center', location: 'Jl. Pantai Kuta No. 1, Kuta, Badung, Bali', latitude: '-8.7176', longitude: '115.1689', status: 'online', waterLevel: 93, features: MALL, type: 'mall', refilledDaysAgo: 0 },
  { id: 'HRL-00031', name: 'Legian Street', location: 'Jl. Legian, Kuta, Badung, Bali', latitude: '-8.7065', longitude: '115.1737', status: 'online', waterLevel: 35, features: TOURIST, type: 'tourist', refilledDaysAgo: 4 },
  { id: 'HRL-00032', name: 'Discovery Shopping Mall', location: 'Jl. Kartika Plaza, Kuta, Badung, Bali', latitude: '-8.7290', longitude: '115.1667', status: 'online', waterLevel: 58, features: MALL, type: 'mall', refilledDaysAgo: 2 },
  { id: 'HRL-00033', name: 'Waterbom Bali', location: 'Jl. Kartika Plaza, Tuban, Kuta, Badung, Bali', latitude: '-8.7287', longitude: '115.1690', status: 'maintenance', waterLevel: 15, features: TOURIST, type: 'tourist', refilledDaysAgo: 10 },
  { id: 'HRL-00034', location: 'Jl. Bypass Ngurah Rai, Kuta, Badung, Bali', status: 'offline' },
];
