// Goods and services per language: what invoices bill and what shop tills print. Prices are typical values in
// cents; each document varies them.
import type { Language } from './words.js';

export interface ItemKind {
  description: string;
  /** A second line some issuers print under the description. */
  detail: string;
  /** Typical unit price in cents, varied per document. */
  price: number;
  /** Billed in hours (fractional quantities) rather than pieces. */
  hourly: boolean;
}

const item = (description: string, detail: string, price: number, hourly = false): ItemKind => ({
  description,
  detail,
  price,
  hourly,
});

/** Goods and services an invoice bills, per language. */
export const INVOICE_ITEMS: Record<Language, readonly ItemKind[]> = {
  en: [
    item('Website maintenance', 'Monthly retainer, security updates', 45000),
    item('Consulting services', 'Workshop and follow-up report', 12500, true),
    item('Office chair ergonomic', 'Model OC-220, black', 18900),
    item('Printer toner cartridge', 'Compatible with LX-400 series', 6450),
    item('Software licence (annual)', 'Up to 25 users', 99000),
    item('Installation labour', 'On-site, two technicians', 8500, true),
    item('Copy paper A4, 5 reams', '80 g/m2, white', 2399),
    item('Graphic design', 'Logo revisions and brand guide', 9500, true),
    item('Delivery charge', 'Standard courier', 1500),
    item('Cloud hosting', 'Virtual server, 4 vCPU', 7900),
  ],
  de: [
    item('Wartung Heizungsanlage', 'inkl. Abgasmessung', 18900),
    item('Beratungsleistung', 'Workshop vor Ort', 11000, true),
    item('Schreibtischlampe LED', 'Artikel-Nr. 44812', 4990),
    item('Montagearbeiten', 'Monteur, Stundensatz', 6800, true),
    item('Druckerpapier A4', '500 Blatt, 80 g/m²', 549),
    item('Softwarelizenz Jahresabo', 'bis 10 Arbeitsplätze', 59000),
    item('Anfahrtspauschale', 'Zone 2', 3500),
    item('Fliesenkleber 25 kg', 'flexibel, grau', 2190),
    item('Webdesign', 'Gestaltung Startseite', 8500, true),
    item('Versandkosten', 'DHL Paket', 690),
  ],
  fr: [
    item('Maintenance informatique', 'Forfait mensuel', 35000),
    item('Prestation de conseil', 'Atelier et compte rendu', 9500, true),
    item('Cartouche d’encre noire', 'Réf. HP 305', 2490),
    item("Main d'œuvre", 'Intervention sur site', 5500, true),
    item('Ramette papier A4', '80 g, blanc', 599),
    item('Abonnement logiciel', 'Licence annuelle', 42000),
    item('Frais de déplacement', 'Zone urbaine', 4000),
    item('Création graphique', 'Déclinaison de la charte', 7800, true),
    item('Fournitures de bureau', 'Lot de classeurs', 1890),
  ],
  es: [
    item('Mantenimiento web', 'Cuota mensual', 30000),
    item('Servicios de consultoría', 'Sesión de trabajo', 8000, true),
    item('Cartucho de tóner', 'Compatible serie LX', 5900),
    item('Mano de obra', 'Técnico especialista', 4500, true),
    item('Papel A4 80 g', 'Caja de 5 paquetes', 2250),
    item('Licencia de software', 'Suscripción anual', 48000),
    item('Gastos de envío', 'Mensajería urgente', 1200),
    item('Diseño gráfico', 'Revisión de logotipo', 7000, true),
  ],
  it: [
    item('Manutenzione impianto', 'Controllo annuale', 22000),
    item('Consulenza tecnica', 'Sopralluogo e relazione', 9000, true),
    item('Toner stampante', 'Compatibile serie LX', 6400),
    item('Manodopera', 'Tecnico specializzato', 4800, true),
    item('Carta A4 risme', '80 g/m², bianca', 2590),
    item('Licenza software annuale', 'Fino a 10 utenti', 52000),
    item('Spese di trasporto', 'Corriere espresso', 1500),
    item('Progettazione grafica', 'Restyling logo', 7500, true),
  ],
  nl: [
    item('Onderhoud website', 'Maandelijks abonnement', 32500),
    item('Advieswerkzaamheden', 'Workshop op locatie', 9500, true),
    item('Tonercartridge zwart', 'Geschikt voor LX-serie', 5750),
    item('Arbeidsloon', 'Monteur per uur', 6200, true),
    item('Kopieerpapier A4', 'Doos 5 pakken', 2495),
    item('Softwarelicentie', 'Jaarabonnement', 45000),
    item('Verzendkosten', 'PostNL pakket', 695),
    item('Grafisch ontwerp', 'Huisstijl aanpassing', 8000, true),
  ],
};

/** What a shop's till prints: short upper-case names, small prices. */
export const RECEIPT_ITEMS: Record<Language, readonly ItemKind[]> = {
  en: [
    'MILK 2% 1GAL',
    'WHITE BREAD',
    'BANANAS',
    'COFFEE LARGE',
    'BAGEL PLAIN',
    'ORANGE JUICE',
    'EGGS DOZEN',
    'CHEDDAR 8OZ',
    'PAPER TOWELS',
    'SANDWICH TURKEY',
  ].map((d, i) => item(d, '', 199 + i * 87)),
  de: [
    'VOLLMILCH 3,5%',
    'BROETCHEN',
    'BANANEN',
    'KAFFEE CREMA',
    'BUTTER',
    'APFELSAFT 1L',
    'EIER 10ST',
    'GOUDA SCHEIBEN',
    'TOILETTENPAPIER',
    'LAUGENBREZEL',
  ].map((d, i) => item(d, '', 89 + i * 61)),
  fr: [
    'BAGUETTE TRADITION',
    'LAIT DEMI-ECREME',
    'CROISSANT',
    'CAFE EXPRESSO',
    'POMMES GOLDEN',
    'YAOURT NATURE X4',
    'JAMBON BLANC',
    'EAU MINERALE 1,5L',
    'BEURRE DOUX',
    'COMTE 200G',
  ].map((d, i) => item(d, '', 95 + i * 64)),
  es: [
    'PAN DE BARRA',
    'LECHE ENTERA',
    'CAFE CON LECHE',
    'MANZANAS',
    'ACEITE OLIVA 1L',
    'HUEVOS DOCENA',
    'QUESO MANCHEGO',
    'AGUA 1,5L',
    'TOMATES KG',
    'CHORIZO',
  ].map((d, i) => item(d, '', 79 + i * 72)),
  it: [
    'PANE COMUNE',
    'LATTE INTERO',
    'CAFFE ESPRESSO',
    'CORNETTO',
    'MELE GOLDEN',
    'ACQUA NATURALE',
    'PROSCIUTTO COTTO',
    'PARMIGIANO 200G',
    'PASTA PENNE 500G',
    'POMODORI PELATI',
  ].map((d, i) => item(d, '', 85 + i * 58)),
  nl: [
    'HALFVOLLE MELK',
    'VOLKORENBROOD',
    'BANANEN',
    'KOFFIE',
    'KAAS JONG BELEGEN',
    'APPELSAP 1L',
    'EIEREN 10ST',
    'HAGELSLAG',
    'KROKET',
    'STROOPWAFELS',
  ].map((d, i) => item(d, '', 99 + i * 66)),
};
