// Hourly services per language, for the freelancer and agency invoices of the second author's layouts: every line
// is billed in hours at a rate. Apart from items.ts so the first author's seeds draw from the same pools as before.
import type { ItemKind } from './items.js';
import type { Language } from './words.js';

const service = (description: string, detail: string, rate: number): ItemKind => ({
  description,
  detail,
  price: rate,
  hourly: true,
});

export const SERVICE_ITEMS: Record<Language, readonly ItemKind[]> = {
  en: [
    service('Web development', 'Checkout flow, sprint 14', 9500),
    service('UX design', 'Wireframes for the onboarding', 8500),
    service('Project management', 'Weekly calls and planning', 7000),
    service('Copywriting', 'Landing page and two blog posts', 6000),
    service('QA testing', 'Regression run on release 2.3', 5500),
    service('Bookkeeping', 'Monthly reconciliation', 4500),
    service('Data analysis', 'Churn report, Q3', 11000),
  ],
  de: [
    service('Softwareentwicklung', 'Schnittstelle zum Warenwirtschaftssystem', 9000),
    service('Projektleitung', 'Abstimmungstermine und Planung', 8500),
    service('Gestaltung Broschüre', 'Entwurf und zwei Korrekturen', 7500),
    service('Lektorat', 'Geschäftsbericht, Kapitel 1-4', 5500),
    service('Buchhaltung', 'Monatsabschluss', 6000),
    service('IT-Support', 'Fernwartung und Vor-Ort-Termin', 7800),
  ],
  fr: [
    service('Développement web', 'Module de paiement', 8500),
    service('Gestion de projet', 'Réunions de suivi', 7500),
    service('Rédaction', 'Pages produit et newsletter', 5500),
    service('Assistance comptable', 'Clôture mensuelle', 6000),
    service('Support informatique', 'Intervention à distance', 6500),
  ],
  es: [
    service('Desarrollo web', 'Pasarela de pago', 7000),
    service('Gestión de proyecto', 'Reuniones de seguimiento', 6000),
    service('Redacción de contenidos', 'Fichas de producto', 4500),
    service('Asesoría contable', 'Cierre mensual', 5000),
    service('Soporte informático', 'Asistencia remota', 5500),
  ],
  it: [
    service('Sviluppo software', 'Modulo di fatturazione', 7500),
    service('Gestione progetto', 'Riunioni di avanzamento', 6500),
    service('Traduzione', 'Catalogo prodotti', 4500),
    service('Consulenza contabile', 'Chiusura mensile', 5500),
    service('Assistenza informatica', 'Intervento da remoto', 6000),
  ],
  nl: [
    service('Webontwikkeling', 'Koppeling met boekhouding', 8500),
    service('Projectbegeleiding', 'Overleg en planning', 7500),
    service('Tekstschrijven', 'Productpagina’s', 6000),
    service('Boekhouding', 'Maandafsluiting', 5500),
    service('IT-ondersteuning', 'Hulp op afstand', 6500),
  ],
};
