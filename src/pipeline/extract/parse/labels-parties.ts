// Label variants for the parties: tax and registration identifiers and address-block headings, in
// en/de/fr/es/it/nl. A bare "VAT no." does not say whose number it is (field tax_id: the layout decides); labels
// naming the party ("Your VAT no.", "USt-IdNr. des Kunden", "N° TVA client") are buyer_tax_id / vendor_tax_id.
import { combine, type LabelLanguage, type LabelSpec } from './label-fields.js';

/** The tax-identifier words of each language (and the English ones that appear on documents of every language). */
const TAX_ID_CORES: Record<LabelLanguage, readonly string[]> = {
  en: [
    ...combine(['vat', 'vat reg', 'vat registration', 'tax', 'tax reg', 'gst', 'gst reg', 'uid', 'sales tax'],
      ['number', 'no', 'nr', '#', 'id']),
    'vat id no', 'vat identification number', 'tin', 'ein', 'gstin', 'abn', 'vat reg', 'tax id number',
  ],
  de: [
    'USt-IdNr.', 'USt-ID', 'USt-Id-Nr.', 'USt.-ID-Nr.', 'UStID', 'Umsatzsteuer-Identifikationsnummer', 'Umsatzsteuer-ID',
    'Umsatzsteuer-Id-Nr.', 'USt-Nr.', 'Steuernummer', 'Steuer-Nr.', 'St.-Nr.', 'Steuer-ID', 'MwSt-Nr.', 'UID-Nr.',
    'USt-Identnummer', 'USt-Ident-Nr.', 'Umsatzsteuernummer',
  ],
  fr: [
    'N° TVA', 'Numéro de TVA', 'Numéro TVA', 'TVA intracommunautaire', 'N° TVA intracommunautaire', 'N° TVA intracom',
    'TVA intracom', 'Numéro de TVA intracommunautaire', 'Identifiant TVA', "N° d'identification TVA", 'TVA N°',
    'ID TVA', 'N° de TVA', 'Numéro d’identification fiscale',
  ],
  es: ['NIF', 'CIF', 'NIF/CIF', 'N.I.F.', 'C.I.F.', 'NIF-IVA', 'Número de identificación fiscal', 'Nº IVA',
    'Número IVA', 'NIE', 'Nº NIF', 'Nº CIF', 'RFC'],
  it: ['Partita IVA', 'P. IVA', 'P.IVA', 'Part. IVA', 'Numero partita IVA', 'P.IVA/C.F.', 'Partita IVA/Codice fiscale',
    'Codice fiscale', 'Cod. fisc.', 'Numero IVA'],
  nl: ['BTW-nummer', 'BTW nr.', 'BTW-nr.', 'BTW-id', 'BTW-identificatienummer', 'Omzetbelastingnummer', 'BTW no.',
    'Fiscaal nummer', 'BTW identificatienummer'],
};

const BUYER_WORDS: Record<LabelLanguage, { before: readonly string[]; after: readonly string[] }> = {
  en: { before: ['customer', 'client', 'buyer', 'your', 'recipient', 'purchaser', 'customer s'], after: ['of customer'] },
  de: { before: ['Ihre', 'Kunden', 'Käufer', 'Empfänger', 'Leistungsempfänger'],
    after: ['des Kunden', 'des Leistungsempfängers', 'Kunde', 'des Käufers', 'des Empfängers'] },
  fr: { before: ['Votre'], after: ['client', 'du client', 'acheteur', "de l'acheteur"] },
  es: { before: ['Su'], after: ['cliente', 'del cliente', 'comprador', 'del comprador'] },
  it: { before: ['Vostra', 'Vs.'], after: ['cliente', 'del cliente', 'committente', 'cessionario'] },
  nl: { before: ['Uw'], after: ['klant', 'afnemer', 'van de klant'] },
};

const VENDOR_WORDS: Record<LabelLanguage, { before: readonly string[]; after: readonly string[] }> = {
  en: { before: ['our', 'supplier', 'seller', 'vendor', 'company'], after: ['of supplier'] },
  de: { before: ['Unsere', 'Lieferanten', 'Verkäufer'], after: ['des Lieferanten', 'des Verkäufers', 'Lieferant'] },
  fr: { before: ['Notre'], after: ['fournisseur', 'du fournisseur', 'vendeur', 'du vendeur'] },
  es: { before: ['Nuestro'], after: ['proveedor', 'del proveedor', 'emisor', 'del emisor', 'vendedor'] },
  it: { before: ['Nostra', 'Ns.'], after: ['fornitore', 'del fornitore', 'cedente', 'prestatore'] },
  nl: { before: ['Ons', 'Onze'], after: ['leverancier', 'van de leverancier', 'verkoper'] },
};

function partyVariants(words: typeof BUYER_WORDS): Partial<Record<LabelLanguage, string[]>> {
  const out: Partial<Record<LabelLanguage, string[]>> = {};
  for (const [language, { before, after }] of Object.entries(words) as Array<[LabelLanguage, (typeof words)['en']]>) {
    // English tax-id words ("VAT ID") appear on documents of every language, so they combine with local words too.
    const cores = language === 'en' ? TAX_ID_CORES.en : [...TAX_ID_CORES[language], ...TAX_ID_CORES.en.slice(0, 10)];
    out[language] = [...combine(before, cores), ...combine(cores, after)];
  }
  return out;
}

export const PARTY_LABELS: readonly LabelSpec[] = [
  { field: 'tax_id', variants: TAX_ID_CORES },
  { field: 'buyer_tax_id', variants: partyVariants(BUYER_WORDS) },
  { field: 'vendor_tax_id', variants: partyVariants(VENDOR_WORDS) },
  {
    field: 'registration_id',
    variants: {
      en: ['company number', 'company no', 'company reg no', 'company registration number', 'company registration no',
        'registered in england and wales no', 'trade register', 'chamber of commerce', 'crn'],
      de: ['Handelsregister', 'HRB', 'HRA', 'HRB Nr.', 'HRB-Nr.', 'Registernummer', 'Handelsregisternummer',
        'Firmenbuchnummer', 'Firmenbuch', 'Registergericht'],
      fr: ['SIRET', 'SIREN', 'RCS', 'N° SIRET', 'Numéro SIRET', 'Registre du commerce', "Numéro d'entreprise",
        "N° d'entreprise", 'Code APE', 'RCS Paris'],
      es: ['Registro Mercantil', 'Inscrita en el Registro Mercantil'],
      it: ['REA', 'Numero REA', 'N. REA', 'R.E.A.', 'Registro imprese', 'Registro delle imprese', 'CCIAA'],
      nl: ['KvK', 'KvK-nummer', 'KvK nummer', 'KvK nr.', 'Kamer van Koophandel', 'Handelsregister',
        'Ondernemingsnummer', 'KBO', 'KBO-nummer', 'RSIN'],
    },
  },
  {
    field: 'registration_id',
    weight: 0.7,
    variants: { en: ['registration number', 'reg no', 'registration no'], de: ['Amtsgericht'] },
  },
  {
    field: 'buyer_block',
    variants: {
      en: ['bill to', 'billed to', 'invoice to', 'invoiced to', 'sold to', 'billing address', 'invoice address',
        'customer', 'client', 'buyer', 'purchaser', 'bill-to party', 'customer details', 'invoice recipient',
        'customer name', 'client name', 'buyer name', 'customer address', 'client address', 'buyer address',
        'buyer trade name'],
      de: ['Rechnungsempfänger', 'Rechnungsadresse', 'Rechnungsanschrift', 'Kunde', 'Käufer', 'Rechnung an',
        'Leistungsempfänger', 'Auftraggeber', 'Kundenadresse', 'Rechnungsempfänger/in', 'Kundenname',
        'Anschrift des Kunden', 'Adresse des Kunden'],
      fr: ['Facturé à', 'Facturer à', 'Client', 'Adresse de facturation', 'Acheteur', 'Adressé à', 'Destinataire de la facture',
        'Adresse du client', 'Adresse client', 'Nom du client', "Adresse de l'acheteur"],
      es: ['Facturar a', 'Facturado a', 'Cliente', 'Comprador', 'Datos del cliente', 'Dirección de facturación',
        'Nombre del cliente', 'Dirección del cliente'],
      it: ['Cliente', 'Fatturare a', 'Fatturato a', 'Intestatario', 'Spett.le', 'Committente', 'Cessionario',
        'Indirizzo di fatturazione', 'Dati cliente', 'Indirizzo cliente', 'Nome cliente'],
      nl: ['Factuuradres', 'Klant', 'Afnemer', 'Gefactureerd aan', 'Factuur aan', 'Klantgegevens', 'Opdrachtgever',
        'Naam klant', 'Adres klant'],
    },
  },
  {
    field: 'buyer_block',
    weight: 0.7,
    standalone: true,
    variants: { en: ['recipient', 'to'], de: ['Empfänger', 'An'], fr: ['Destinataire', 'À'],
      es: ['Destinatario', 'Para'], it: ['Destinatario'], nl: ['Ontvanger', 'Aan', 'T.a.v.'] },
  },
  {
    field: 'ship_to_block',
    variants: {
      en: ['ship to', 'shipped to', 'deliver to', 'delivered to', 'delivery address', 'shipping address', 'ship-to party'],
      de: ['Lieferadresse', 'Lieferanschrift', 'Versandadresse', 'Warenempfänger', 'Liefern an', 'Lieferung an'],
      fr: ['Adresse de livraison', 'Livré à', 'Livrer à', 'Lieu de livraison'],
      es: ['Dirección de envío', 'Enviar a', 'Dirección de entrega', 'Entregar a', 'Lugar de entrega'],
      it: ['Indirizzo di consegna', 'Spedire a', 'Destinazione merce', 'Luogo di consegna', 'Consegnare a'],
      nl: ['Afleveradres', 'Leveradres', 'Bezorgadres', 'Leveren aan', 'Verzendadres'],
    },
  },
  {
    field: 'vendor_block',
    variants: {
      en: ['seller', 'supplier', 'vendor', 'sold by', 'issued by', 'bill from', 'invoice from', 'service provider',
        'seller name', 'supplier name', 'vendor name', 'seller trade name', 'seller address', 'supplier address', 'biller', 'issuer'],
      de: ['Lieferant', 'Verkäufer', 'Rechnungssteller', 'Rechnungsersteller', 'Leistungserbringer', 'Auftragnehmer', 'Rechnungsaussteller',
        'Name des Lieferanten', 'Anschrift des Lieferanten', 'Aussteller'],
      fr: ['Fournisseur', 'Vendeur', 'Émetteur', 'Prestataire', 'Émis par', 'Adresse du fournisseur', 'Nom du fournisseur',
        'Adresse du vendeur'],
      es: ['Proveedor', 'Vendedor', 'Emisor', 'Datos del emisor', 'Emitido por', 'Prestador', 'Nombre del proveedor',
        'Dirección del proveedor'],
      it: ['Fornitore', 'Venditore', 'Cedente', 'Cedente/Prestatore', 'Prestatore', 'Emittente', 'Indirizzo fornitore'],
      nl: ['Leverancier', 'Verkoper', 'Factuur van', 'Dienstverlener', 'Naam leverancier', 'Adres leverancier'],
    },
  },
  {
    field: 'vendor_block',
    weight: 0.6,
    standalone: true,
    variants: { en: ['from', 'remit to'], de: ['Absender', 'Von'], fr: ['Expéditeur', 'De'], es: ['De'],
      it: ['Da', 'Mittente'], nl: ['Afzender', 'Van'] },
  },
];
