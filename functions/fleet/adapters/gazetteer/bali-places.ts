/**
 * A small gazetteer of real places on Bali (and, for realism, two just across the straits that the
 * Bali-only rule filters out), shipped with the project so that address autocomplete works without
 * any external service. Coordinates are those of the named place (WGS 84, about 100 m precision).
 */
export interface GazetteerPlace {
  name: string;
  /** Street, village, district, regency, province, country: what follows the name in the display name. */
  address: string;
  lat: string;
  lon: string;
  kind: 'beach' | 'village' | 'street' | 'landmark' | 'temple' | 'market' | 'mall' | 'transport';
  /** Other names people type (Indonesian names, common spellings). */
  aliases?: string[];
}

const SEMINYAK = 'Seminyak, Kuta Utara, Badung, Bali, Indonesia';
const KEROBOKAN = 'Kerobokan, Kuta Utara, Badung, Bali, Indonesia';
const CANGGU = 'Canggu, Kuta Utara, Badung, Bali, Indonesia';
const KUTA = 'Kuta, Badung, Bali, Indonesia';
const LEGIAN = 'Legian, Kuta, Badung, Bali, Indonesia';
const TUBAN = 'Tuban, Kuta, Badung, Bali, Indonesia';
const SOUTH_KUTA = 'Kuta Selatan, Badung, Bali, Indonesia';
const UBUD = 'Ubud, Gianyar, Bali, Indonesia';
const DENPASAR = 'Denpasar, Bali, Indonesia';
const SANUR = 'Sanur, Denpasar Selatan, Denpasar, Bali, Indonesia';

export const BALI_PLACES: GazetteerPlace[] = [
  // Seminyak and Kerobokan
  { name: 'Seminyak Beach', address: `Jl. Camplung Tanduk, ${SEMINYAK}`, lat: '-8.6913', lon: '115.1569', kind: 'beach', aliases: ['Pantai Seminyak'] },
  { name: 'Seminyak Square', address: `Jl. Kayu Aya, ${SEMINYAK}`, lat: '-8.6862', lon: '115.1636', kind: 'mall' },
  { name: 'Seminyak Village', address: `Jl. Kayu Jati No. 8, ${SEMINYAK}`, lat: '-8.6873', lon: '115.1641', kind: 'mall' },
  { name: 'Jalan Kayu Aya', address: SEMINYAK, lat: '-8.6838', lon: '115.1598', kind: 'street', aliases: ['Jl. Kayu Aya', 'Eat Street', 'Jl. Laksmana'] },
  { name: 'Jalan Raya Seminyak', address: SEMINYAK, lat: '-8.6929', lon: '115.1689', kind: 'street', aliases: ['Jl. Raya Seminyak'] },
  { name: 'Jalan Camplung Tanduk', address: SEMINYAK, lat: '-8.6935', lon: '115.1608', kind: 'street', aliases: ['Jl. Camplung Tanduk', 'Jl. Dhyana Pura'] },
  { name: 'Jalan Petitenget', address: KEROBOKAN, lat: '-8.6772', lon: '115.1526', kind: 'street', aliases: ['Jl. Petitenget'] },
  { name: 'Pura Petitenget', address: `Jl. Petitenget, ${KEROBOKAN}`, lat: '-8.6795', lon: '115.1530', kind: 'temple', aliases: ['Petitenget Temple'] },
  { name: 'Potato Head Beach Club', address: `Jl. Petitenget No. 51B, ${SEMINYAK}`, lat: '-8.6793', lon: '115.1508', kind: 'landmark' },
  { name: 'Bintang Supermarket Seminyak', address: `Jl. Raya Seminyak No. 17, ${SEMINYAK}`, lat: '-8.6899', lon: '115.1687', kind: 'market' },
  { name: 'Jalan Raya Kerobokan', address: KEROBOKAN, lat: '-8.6697', lon: '115.1695', kind: 'street', aliases: ['Jl. Raya Kerobokan'] },
  { name: 'Umalas', address: `Jl. Bumbak, ${KEROBOKAN}`, lat: '-8.6620', lon: '115.1560', kind: 'village' },
  // Canggu
  { name: 'Batu Bolong Beach', address: `Jl. Pantai Batu Bolong, ${CANGGU}`, lat: '-8.6594', lon: '115.1304', kind: 'beach', aliases: ['Pantai Batu Bolong'] },
  { name: 'Echo Beach', address: `Jl. Pura Batu Mejan, ${CANGGU}`, lat: '-8.6530', lon: '115.1238', kind: 'beach', aliases: ['Pantai Batu Mejan'] },
  { name: 'Berawa Beach', address: `Jl. Pantai Berawa, ${CANGGU}`, lat: '-8.6636', lon: '115.1396', kind: 'beach', aliases: ['Pantai Berawa'] },
  { name: 'Pererenan Beach', address: 'Pererenan, Mengwi, Badung, Bali, Indonesia', lat: '-8.6490', lon: '115.1189', kind: 'beach', aliases: ['Pantai Pererenan'] },
  { name: 'Jalan Raya Canggu', address: CANGGU, lat: '-8.6477', lon: '115.1398', kind: 'street', aliases: ['Jl. Raya Canggu'] },
  { name: 'Jalan Raya Semat', address: `Tibubeneng, ${CANGGU}`, lat: '-8.6506', lon: '115.1446', kind: 'street', aliases: ['Jl. Raya Semat', 'Canggu Shortcut'] },
  { name: 'Love Anchor Canggu', address: `Jl. Pantai Batu Bolong No. 56, ${CANGGU}`, lat: '-8.6557', lon: '115.1318', kind: 'market' },
  { name: 'Finns Beach Club', address: `Jl. Pantai Berawa, ${CANGGU}`, lat: '-8.6628', lon: '115.1390', kind: 'landmark' },
  { name: 'Tanah Lot Temple', address: 'Beraban, Kediri, Tabanan, Bali, Indonesia', lat: '-8.6212', lon: '115.0868', kind: 'temple', aliases: ['Pura Tanah Lot'] },
  // Kuta and Legian
  { name: 'Kuta Beach', address: `Jl. Pantai Kuta, ${KUTA}`, lat: '-8.7185', lon: '115.1686', kind: 'beach', aliases: ['Pantai Kuta'] },
  { name: 'Beachwalk Shopping Center', address: `Jl. Pantai Kuta, ${KUTA}`, lat: '-8.7181', lon: '115.1692', kind: 'mall' },
  { name: 'Kuta Art Market', address: `Jl. Bakung Sari, ${KUTA}`, lat: '-8.7214', lon: '115.1690', kind: 'market', aliases: ['Pasar Seni Kuta'] },
  { name: 'Bali Bombing Memorial', address: `Jl. Legian, ${KUTA}`, lat: '-8.7173', lon: '115.1752', kind: 'landmark', aliases: ['Ground Zero Monument'] },
  { name: 'Legian Beach', address: `Jl. Padma, ${LEGIAN}`, lat: '-8.7040', lon: '115.1660', kind: 'beach', aliases: ['Pantai Legian'] },
  { name: 'Jalan Legian', address: LEGIAN, lat: '-8.7060', lon: '115.1700', kind: 'street', aliases: ['Jl. Legian'] },
  { name: 'Double Six Beach', address: `Jl. Arjuna, ${LEGIAN}`, lat: '-8.6968', lon: '115.1632', kind: 'beach', aliases: ['Pantai Double Six'] },
  { name: 'Jalan Sunset Road', address: KUTA, lat: '-8.6961', lon: '115.1770', kind: 'street', aliases: ['Jl. Sunset Road', 'Sunset Road'] },
  { name: 'Waterbom Bali', address: `Jl. Kartika Plaza, ${TUBAN}`, lat: '-8.7283', lon: '115.1685', kind: 'landmark' },
  { name: 'Discovery Shopping Mall', address: `Jl. Kartika Plaza, ${TUBAN}`, lat: '-8.7268', lon: '115.1678', kind: 'mall' },
  { name: 'I Gusti Ngurah Rai International Airport', address: TUBAN, lat: '-8.7467', lon: '115.1668', kind: 'transport', aliases: ['Bali Airport', 'Denpasar Airport', 'DPS'] },
  // South Kuta: Jimbaran, Uluwatu, Nusa Dua
  { name: 'Jimbaran Beach', address: `Jimbaran, ${SOUTH_KUTA}`, lat: '-8.7756', lon: '115.1654', kind: 'beach', aliases: ['Pantai Jimbaran'] },
  { name: 'Garuda Wisnu Kencana Cultural Park', address: `Ungasan, ${SOUTH_KUTA}`, lat: '-8.8104', lon: '115.1676', kind: 'landmark', aliases: ['GWK'] },
  { name: 'Uluwatu Temple', address: `Pecatu, ${SOUTH_KUTA}`, lat: '-8.8291', lon: '115.0849', kind: 'temple', aliases: ['Pura Luhur Uluwatu'] },
  { name: 'Padang Padang Beach', address: `Pecatu, ${SOUTH_KUTA}`, lat: '-8.8111', lon: '115.1003', kind: 'beach' },
  { name: 'Bingin Beach', address: `Pecatu, ${SOUTH_KUTA}`, lat: '-8.8057', lon: '115.1135', kind: 'beach' },
  { name: 'Dreamland Beach', address: `Pecatu, ${SOUTH_KUTA}`, lat: '-8.8003', lon: '115.1176', kind: 'beach', aliases: ['New Kuta Beach'] },
  { name: 'Balangan Beach', address: `Jimbaran, ${SOUTH_KUTA}`, lat: '-8.7910', lon: '115.1240', kind: 'beach' },
  { name: 'Melasti Beach', address: `Ungasan, ${SOUTH_KUTA}`, lat: '-8.8481', lon: '115.1608', kind: 'beach' },
  { name: 'Nusa Dua Beach', address: `Nusa Dua, ${SOUTH_KUTA}`, lat: '-8.8003', lon: '115.2346', kind: 'beach' },
  { name: 'Bali Collection', address: `Nusa Dua, ${SOUTH_KUTA}`, lat: '-8.7996', lon: '115.2313', kind: 'mall' },
  { name: 'Tanjung Benoa', address: SOUTH_KUTA, lat: '-8.7621', lon: '115.2224', kind: 'village' },
  // Ubud and Gianyar
  { name: 'Ubud Art Market', address: `Jl. Raya Ubud, ${UBUD}`, lat: '-8.5069', lon: '115.2625', kind: 'market', aliases: ['Pasar Seni Ubud'] },
  { name: 'Ubud Palace', address: `Jl. Raya Ubud, ${UBUD}`, lat: '-8.5066', lon: '115.2628', kind: 'landmark', aliases: ['Puri Saren Agung'] },
  { name: 'Saraswati Temple', address: `Jl. Kajeng, ${UBUD}`, lat: '-8.5062', lon: '115.2609', kind: 'temple', aliases: ['Pura Taman Saraswati'] },
  { name: 'Sacred Monkey Forest Sanctuary', address: `Jl. Monkey Forest, ${UBUD}`, lat: '-8.5188', lon: '115.2585', kind: 'landmark', aliases: ['Mandala Suci Wenara Wana'] },
  { name: 'Campuhan Ridge Walk', address: `Jl. Raya Campuhan, ${UBUD}`, lat: '-8.5036', lon: '115.2540', kind: 'landmark', aliases: ['Bukit Campuhan'] },
  { name: 'Jalan Hanoman', address: UBUD, lat: '-8.5116', lon: '115.2641', kind: 'street', aliases: ['Jl. Hanoman'] },
  { name: 'Jalan Monkey Forest', address: UBUD, lat: '-8.5130', lon: '115.2604', kind: 'street', aliases: ['Jl. Monkey Forest'] },
  { name: 'Penestanan', address: UBUD, lat: '-8.5036', lon: '115.2490', kind: 'village' },
  { name: 'Pengosekan', address: `Jl. Raya Pengosekan, ${UBUD}`, lat: '-8.5232', lon: '115.2667', kind: 'village' },
  { name: 'Tegallalang Rice Terrace', address: 'Tegallalang, Gianyar, Bali, Indonesia', lat: '-8.4326', lon: '115.2797', kind: 'landmark', aliases: ['Ceking'] },
  { name: 'Goa Gajah', address: 'Bedulu, Blahbatuh, Gianyar, Bali, Indonesia', lat: '-8.5234', lon: '115.2871', kind: 'temple', aliases: ['Elephant Cave'] },
  { name: 'Tirta Empul Temple', address: 'Manukaya, Tampaksiring, Gianyar, Bali, Indonesia', lat: '-8.4154', lon: '115.3153', kind: 'temple', aliases: ['Pura Tirta Empul'] },
  { name: 'Mas Village', address: 'Mas, Ubud, Gianyar, Bali, Indonesia', lat: '-8.5366', lon: '115.2785', kind: 'village' },
  { name: 'Sukawati Art Market', address: 'Sukawati, Gianyar, Bali, Indonesia', lat: '-8.5964', lon: '115.2798', kind: 'market', aliases: ['Pasar Seni Sukawati'] },
  { name: 'Keramas Beach', address: 'Keramas, Blahbatuh, Gianyar, Bali, Indonesia', lat: '-8.5840', lon: '115.3350', kind: 'beach' },
  { name: 'Gianyar Night Market', address: 'Gianyar, Bali, Indonesia', lat: '-8.5407', lon: '115.3255', kind: 'market', aliases: ['Pasar Senggol Gianyar'] },
  // Denpasar
  { name: 'Puputan Badung Square', address: `Jl. Surapati, ${DENPASAR}`, lat: '-8.6567', lon: '115.2166', kind: 'landmark', aliases: ['Lapangan Puputan Badung'] },
  { name: 'Bali Museum', address: `Jl. Mayor Wisnu, ${DENPASAR}`, lat: '-8.6573', lon: '115.2190', kind: 'landmark', aliases: ['Museum Bali'] },
  { name: 'Pura Jagatnatha', address: `Jl. Mayor Wisnu, ${DENPASAR}`, lat: '-8.6560', lon: '115.2180', kind: 'temple', aliases: ['Jagatnatha Temple'] },
  { name: 'Pasar Badung', address: `Jl. Gajah Mada, ${DENPASAR}`, lat: '-8.6552', lon: '115.2128', kind: 'market', aliases: ['Badung Market'] },
  { name: 'Pasar Kreneng', address: `Jl. Kamboja, ${DENPASAR}`, lat: '-8.6498', lon: '115.2230', kind: 'market', aliases: ['Kreneng Market'] },
  { name: 'Bajra Sandhi Monument', address: `Jl. Raya Puputan, Renon, ${DENPASAR}`, lat: '-8.6723', lon: '115.2337', kind: 'landmark', aliases: ['Monumen Bajra Sandhi'] },
  { name: 'Renon', address: `Denpasar Timur, ${DENPASAR}`, lat: '-8.6745', lon: '115.2344', kind: 'village' },
  { name: 'Level 21 Mall', address: `Jl. Teuku Umar No. 1, ${DENPASAR}`, lat: '-8.6756', lon: '115.2149', kind: 'mall' },
  { name: 'Jalan Teuku Umar', address: DENPASAR, lat: '-8.6739', lon: '115.2100', kind: 'street', aliases: ['Jl. Teuku Umar'] },
  { name: 'Jalan Gatot Subroto', address: DENPASAR, lat: '-8.6290', lon: '115.2180', kind: 'street', aliases: ['Jl. Gatot Subroto'] },
  { name: 'Serangan Island', address: `Serangan, Denpasar Selatan, ${DENPASAR}`, lat: '-8.7311', lon: '115.2338', kind: 'village', aliases: ['Pulau Serangan'] },
  // Sanur
  { name: 'Sanur Beach', address: `Jl. Hang Tuah, ${SANUR}`, lat: '-8.6768', lon: '115.2639', kind: 'beach', aliases: ['Pantai Sanur'] },
  { name: 'Sindhu Beach', address: `Jl. Pantai Sindhu, ${SANUR}`, lat: '-8.6810', lon: '115.2640', kind: 'beach', aliases: ['Pantai Sindhu'] },
  { name: 'Mertasari Beach', address: `Jl. Mertasari, ${SANUR}`, lat: '-8.7145', lon: '115.2545', kind: 'beach', aliases: ['Pantai Mertasari'] },
  { name: 'Padang Galak Beach', address: `Jl. Padang Galak, Sanur Kaja, ${DENPASAR}`, lat: '-8.6545', lon: '115.2655', kind: 'beach' },
  { name: 'Jalan Danau Tamblingan', address: SANUR, lat: '-8.6900', lon: '115.2622', kind: 'street', aliases: ['Jl. Danau Tamblingan'] },
  { name: 'Icon Bali Mall', address: `Jl. Danau Tamblingan No. 89, ${SANUR}`, lat: '-8.6960', lon: '115.2630', kind: 'mall' },
  { name: 'Le Mayeur Museum', address: `Jl. Hang Tuah, ${SANUR}`, lat: '-8.6745', lon: '115.2635', kind: 'landmark', aliases: ['Museum Le Mayeur'] },
  { name: 'Sanur Harbour', address: `Jl. Hang Tuah, ${SANUR}`, lat: '-8.6747', lon: '115.2640', kind: 'transport', aliases: ['Pelabuhan Sanur', 'Sanur fast boat'] },
  { name: 'Jalan By Pass Ngurah Rai', address: SANUR, lat: '-8.6960', lon: '115.2520', kind: 'street', aliases: ['Jl. By Pass Ngurah Rai', 'Bypass'] },
  // Beyond the south
  { name: 'Taman Ayun Temple', address: 'Mengwi, Badung, Bali, Indonesia', lat: '-8.5418', lon: '115.1724', kind: 'temple', aliases: ['Pura Taman Ayun'] },
  { name: 'Jatiluwih Rice Terraces', address: 'Jatiluwih, Penebel, Tabanan, Bali, Indonesia', lat: '-8.3705', lon: '115.1321', kind: 'landmark' },
  { name: 'Ulun Danu Beratan Temple', address: 'Bedugul, Baturiti, Tabanan, Bali, Indonesia', lat: '-8.2752', lon: '115.1668', kind: 'temple', aliases: ['Pura Ulun Danu Bratan'] },
  { name: 'Munduk', address: 'Banjar, Buleleng, Bali, Indonesia', lat: '-8.2670', lon: '115.0640', kind: 'village' },
  { name: 'Lovina Beach', address: 'Kalibukbuk, Buleleng, Bali, Indonesia', lat: '-8.1600', lon: '115.0250', kind: 'beach', aliases: ['Pantai Lovina'] },
  { name: 'Mount Batur', address: 'Kintamani, Bangli, Bali, Indonesia', lat: '-8.2420', lon: '115.3750', kind: 'landmark', aliases: ['Gunung Batur'] },
  { name: 'Besakih Temple', address: 'Besakih, Rendang, Karangasem, Bali, Indonesia', lat: '-8.3742', lon: '115.4525', kind: 'temple', aliases: ['Pura Besakih'] },
  { name: 'Sidemen', address: 'Karangasem, Bali, Indonesia', lat: '-8.4833', lon: '115.4333', kind: 'village' },
  { name: 'Tirta Gangga', address: 'Ababi, Abang, Karangasem, Bali, Indonesia', lat: '-8.4120', lon: '115.5870', kind: 'landmark' },
  { name: 'Padang Bai Harbour', address: 'Padangbai, Manggis, Karangasem, Bali, Indonesia', lat: '-8.5300', lon: '115.5090', kind: 'transport', aliases: ['Padangbai'] },
  { name: 'Candidasa', address: 'Manggis, Karangasem, Bali, Indonesia', lat: '-8.5091', lon: '115.5668', kind: 'village' },
  { name: 'Amed', address: 'Purwakerthi, Abang, Karangasem, Bali, Indonesia', lat: '-8.3340', lon: '115.6525', kind: 'village' },
  { name: 'Medewi Beach', address: 'Pekutatan, Jembrana, Bali, Indonesia', lat: '-8.4190', lon: '114.8130', kind: 'beach', aliases: ['Pantai Medewi'] },
  // Across the straits: real places a national geocoder also returns; the Bali-only rule drops them.
  { name: 'Gili Trawangan', address: 'Gili Indah, Pemenang, North Lombok, West Nusa Tenggara, Indonesia', lat: '-8.3500', lon: '116.0400', kind: 'village' },
  { name: 'Ketapang Harbour', address: 'Kalipuro, Banyuwangi, East Java, Indonesia', lat: '-8.1430', lon: '114.3980', kind: 'transport', aliases: ['Pelabuhan Ketapang'] },
];
