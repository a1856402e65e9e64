// Plausible names, addresses and goods per country and language. Invented, not real businesses: surnames and
// trade words are combined at random, so a name is seldom repeated.
import type { Country } from './locales.js';
import type { Rng } from './random.js';

interface CountryVocab {
  surnames: readonly string[];
  givenNames: readonly string[];
  trades: readonly string[];
  legalForms: readonly string[];
  streets: readonly string[];
  /** "{n}" is the house number, "{street}" the street. */
  streetPattern: string;
  cities: readonly string[];
  postcode: (rng: Rng) => string;
  phonePrefix: string;
  vatPrefix: string;
}

const digits = (rng: Rng, n: number) => Array.from({ length: n }, () => rng.int(0, 9)).join('');
const letters = (rng: Rng, n: number) =>
  Array.from({ length: n }, () => rng.pick([...'ABCDEFGHJKLMNPRSTUVWXY'])).join('');

const COUNTRIES: Record<Country, CountryVocab> = {
  US: {
    surnames: [
      'Miller',
      'Harper',
      'Bennett',
      'Caldwell',
      'Foster',
      'Greenwood',
      'Hayes',
      'Lambert',
      'Porter',
      'Whitman',
    ],
    givenNames: ['Emily', 'James', 'Olivia', 'Michael', 'Sarah', 'Daniel', 'Grace', 'Ryan'],
    trades: [
      'Consulting',
      'Supply Co.',
      'Design Studio',
      'Logistics',
      'Software',
      'Plumbing & Heating',
      'Print Shop',
      'Landscaping',
      'Office Solutions',
      'Hardware',
    ],
    legalForms: ['Inc.', 'LLC', 'Corp.', ''],
    streets: [
      'Main Street',
      'Oak Avenue',
      'Maple Drive',
      'Commerce Blvd',
      'Lakeview Road',
      'Pine Street',
      'Market Street',
    ],
    streetPattern: '{n} {street}',
    cities: ['Springfield, IL', 'Austin, TX', 'Portland, OR', 'Columbus, OH', 'Denver, CO', 'Raleigh, NC'],
    postcode: (rng) => digits(rng, 5),
    phonePrefix: '+1',
    vatPrefix: 'EIN ',
  },
  GB: {
    surnames: ['Thompson', 'Clarke', 'Hughes', 'Whitfield', 'Ashworth', 'Pemberton', 'Barnes', 'Holloway', 'Kingsley'],
    givenNames: ['Oliver', 'Charlotte', 'Harry', 'Amelia', 'George', 'Isla', 'Thomas'],
    trades: [
      'Joinery',
      'Consultancy',
      'Engineering',
      'Catering',
      'Print & Design',
      'Electrical Services',
      'Removals',
      'IT Services',
    ],
    legalForms: ['Ltd', 'Limited', 'plc', ''],
    streets: ['High Street', 'Station Road', 'Church Lane', 'Victoria Road', 'Mill Lane', 'Park Road'],
    streetPattern: '{n} {street}',
    cities: ['Leeds', 'Bristol', 'Manchester', 'York', 'Norwich', 'Reading'],
    postcode: (rng) => `${letters(rng, 2)}${rng.int(1, 19)} ${rng.int(1, 9)}${letters(rng, 2)}`,
    phonePrefix: '+44',
    vatPrefix: 'GB',
  },
  DE: {
    surnames: [
      'Müller',
      'Schneider',
      'Fischer',
      'Weber',
      'Becker',
      'Hoffmann',
      'Schäfer',
      'Koch',
      'Bauer',
      'Richter',
      'Wolf',
      'Krüger',
    ],
    givenNames: ['Anna', 'Lukas', 'Sophie', 'Jonas', 'Marie', 'Felix', 'Lena'],
    trades: [
      'Elektrotechnik',
      'Maschinenbau',
      'Holzbau',
      'Druckerei',
      'Gebäudereinigung',
      'IT-Service',
      'Sanitär und Heizung',
      'Büroservice',
      'Metallbau',
    ],
    legalForms: ['GmbH', 'GmbH & Co. KG', 'KG', 'e.K.', 'AG'],
    streets: [
      'Hauptstraße',
      'Bahnhofstraße',
      'Gartenweg',
      'Industriestraße',
      'Lindenallee',
      'Schillerstraße',
      'Am Markt',
    ],
    streetPattern: '{street} {n}',
    cities: ['Berlin', 'Hamburg', 'Köln', 'Stuttgart', 'Leipzig', 'Nürnberg', 'Freiburg'],
    postcode: (rng) => digits(rng, 5),
    phonePrefix: '+49',
    vatPrefix: 'DE',
  },
  FR: {
    surnames: [
      'Martin',
      'Bernard',
      'Dubois',
      'Lefèvre',
      'Moreau',
      'Laurent',
      'Girard',
      'Rousseau',
      'Fontaine',
      'Chevalier',
    ],
    givenNames: ['Camille', 'Louis', 'Chloé', 'Hugo', 'Léa', 'Jules', 'Manon'],
    trades: [
      'Menuiserie',
      'Conseil',
      'Boulangerie',
      'Électricité',
      'Imprimerie',
      'Transports',
      'Informatique',
      'Paysagiste',
    ],
    legalForms: ['SARL', 'SAS', 'SA', 'EURL'],
    streets: [
      'rue de la République',
      'avenue Victor Hugo',
      'boulevard Voltaire',
      'rue des Lilas',
      'place du Marché',
      'rue Pasteur',
    ],
    streetPattern: '{n} {street}',
    cities: ['Lyon', 'Nantes', 'Bordeaux', 'Lille', 'Toulouse', 'Rennes', 'Montpellier'],
    postcode: (rng) => digits(rng, 5),
    phonePrefix: '+33',
    vatPrefix: 'FR',
  },
  ES: {
    surnames: ['García', 'Fernández', 'López', 'Martínez', 'Sánchez', 'Romero', 'Navarro', 'Torres', 'Ruiz'],
    givenNames: ['Lucía', 'Pablo', 'Carmen', 'Javier', 'Marta', 'Diego'],
    trades: ['Construcciones', 'Distribuciones', 'Asesoría', 'Reformas', 'Suministros', 'Imprenta', 'Informática'],
    legalForms: ['S.L.', 'S.A.', 'SL'],
    streets: ['Calle Mayor', 'Avenida de la Constitución', 'Calle Real', 'Paseo del Prado', 'Calle del Sol'],
    streetPattern: '{street}, {n}',
    cities: ['Madrid', 'Valencia', 'Sevilla', 'Zaragoza', 'Bilbao', 'Málaga'],
    postcode: (rng) => digits(rng, 5),
    phonePrefix: '+34',
    vatPrefix: 'ES',
  },
  IT: {
    surnames: ['Rossi', 'Russo', 'Ferrari', 'Esposito', 'Bianchi', 'Romano', 'Colombo', 'Ricci', 'Marino', 'Greco'],
    givenNames: ['Giulia', 'Marco', 'Chiara', 'Luca', 'Francesca', 'Matteo'],
    trades: ['Costruzioni', 'Forniture', 'Impianti Elettrici', 'Tipografia', 'Consulenze', 'Trasporti', 'Informatica'],
    legalForms: ['S.r.l.', 'S.p.A.', 'S.n.c.', 'Srl'],
    streets: ['Via Roma', 'Via Garibaldi', 'Corso Italia', 'Via Dante', 'Piazza Mazzini', 'Via Verdi'],
    streetPattern: '{street}, {n}',
    cities: ['Milano', 'Torino', 'Bologna', 'Firenze', 'Verona', 'Napoli'],
    postcode: (rng) => digits(rng, 5),
    phonePrefix: '+39',
    vatPrefix: 'IT',
  },
  NL: {
    surnames: ['de Vries', 'Jansen', 'Bakker', 'Visser', 'Smit', 'Meijer', 'de Boer', 'Mulder', 'Bos', 'Vos'],
    givenNames: ['Sanne', 'Daan', 'Emma', 'Bram', 'Lotte', 'Sem'],
    trades: ['Installatietechniek', 'Bouw', 'Advies', 'Drukkerij', 'Schoonmaak', 'ICT Diensten', 'Transport'],
    legalForms: ['B.V.', 'BV', 'V.O.F.', 'N.V.'],
    streets: ['Dorpsstraat', 'Kerkstraat', 'Stationsweg', 'Molenweg', 'Industrieweg', 'Prinsengracht'],
    streetPattern: '{street} {n}',
    cities: ['Utrecht', 'Rotterdam', 'Eindhoven', 'Groningen', 'Haarlem', 'Zwolle'],
    postcode: (rng) => `${digits(rng, 4)} ${letters(rng, 2)}`,
    phonePrefix: '+31',
    vatPrefix: 'NL',
  },
};

export interface Party {
  name: string;
  lines: string[];
  phone: string;
  email: string;
  vatId: string;
  iban: string;
}

function slug(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[^\p{L}\p{N}]+/gu, '')
    .replace(/[^a-zA-Z0-9]/g, '')
    .toLowerCase()
    .slice(0, 16);
}

export function companyName(rng: Rng, country: Country, withLegalForm = true): string {
  const v = COUNTRIES[country];
  const surname = rng.pick(v.surnames);
  const trade = rng.pick(v.trades);
  const form = rng.pick(v.legalForms);
  const core = rng.pick([
    `${surname} ${trade}`,
    `${trade} ${surname}`,
    `${surname} & ${rng.pick(v.surnames.filter((s) => s !== surname))}`,
  ]);
  return form === '' || !withLegalForm ? core : `${core} ${form}`;
}

export function personName(rng: Rng, country: Country): string {
  const v = COUNTRIES[country];
  return `${rng.pick(v.givenNames)} ${rng.pick(v.surnames)}`;
}

export function party(rng: Rng, country: Country, name: string): Party {
  const v = COUNTRIES[country];
  const street = v.streetPattern.replace('{street}', rng.pick(v.streets)).replace('{n}', String(rng.int(1, 240)));
  const city = rng.pick(v.cities);
  const cityLine =
    country === 'US' ? `${city} ${v.postcode(rng)}` : country === 'GB' ? city : `${v.postcode(rng)} ${city}`;
  const lines = country === 'GB' ? [street, cityLine, v.postcode(rng)] : [street, cityLine];
  const domain = `${slug(name.split(' ')[0] ?? 'shop')}${slug(name.split(' ')[1] ?? '')}`.slice(0, 18) || 'example';
  return {
    name,
    lines,
    phone: `${v.phonePrefix} ${digits(rng, 3)} ${digits(rng, 3)} ${digits(rng, 4)}`,
    email: `${rng.pick(['info', 'billing', 'contact', 'office'])}@${domain}.example`,
    vatId: `${v.vatPrefix}${digits(rng, 9)}`,
    iban: `${country === 'US' ? 'DE' : country}${digits(rng, 2)} ${digits(rng, 4)} ${digits(rng, 4)} ${digits(rng, 4)} ${digits(rng, 4)}`,
  };
}

/**
 * The distinctive word(s) of a company name, as a logo prints them: its surname ("Hoffmann" of "Sanitär und
 * Heizung Hoffmann GmbH"), or both surnames of a partnership ("Porter & Greenwood"); the name itself when it holds
 * none.
 */
export function surnamesOf(name: string, country: Country): string {
  const words = name.split(' ');
  const surnames = words.filter((w) => COUNTRIES[country].surnames.includes(w));
  if (surnames.length === 0) return name;
  return surnames.join(' & ');
}
