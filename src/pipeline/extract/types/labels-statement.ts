// Labels of credit-card statements in English, German, French, Spanish, Italian and Dutch: the account summary
// (balances and period movements), dates, the card and its holder, the transaction table's columns and the section
// headings that group transactions ("Payments and credits", "Purchases").
import { PhraseMatcher, type PhraseSpec } from './phrases.js';

export type StatementField =
  | 'previous_balance'
  | 'payments_and_credits'
  | 'purchases_and_debits'
  | 'cash_advances'
  | 'balance_transfers'
  | 'fees'
  | 'interest'
  | 'new_balance'
  | 'minimum_payment_due'
  | 'payment_due_date'
  | 'credit_limit'
  | 'available_credit'
  | 'statement_date'
  | 'statement_period'
  | 'period_start'
  | 'period_end'
  | 'card_number'
  | 'account_holder'
  | 'issuer'
  | 'total_new_balance'
  | 'total_minimum_payment_due'
  /** Phrases that contain a field's words but name something else ("Interest rate"): they claim their words. */
  | 'not_a_value';

const SUMMARY: PhraseSpec<StatementField>[] = [
  { field: 'previous_balance', phrases: [
    'previous balance', 'previous statement balance', 'balance forward', 'opening balance', 'last statement balance',
    'balance from previous statement', 'balance brought forward', 'balance last statement', 'prior balance',
    'Saldo Vormonat', 'Vorheriger Saldo', 'Alter Saldo', 'Saldovortrag', 'Saldo letzte Abrechnung',
    'Saldo der letzten Abrechnung', 'Saldo aus letzter Abrechnung', 'Saldo alt', 'Anfangssaldo', 'Vortrag',
    'Solde précédent', 'Ancien solde', 'Solde antérieur', 'Solde du relevé précédent', 'Solde initial',
    'Saldo anterior', 'Saldo inicial', 'Saldo del extracto anterior',
    'Saldo precedente', 'Saldo iniziale', 'Saldo estratto conto precedente',
    'Vorig saldo', 'Oud saldo', 'Beginsaldo', 'Saldo vorige afschrift', 'Vorig afschrift',
  ] },
  { field: 'payments_and_credits', phrases: [
    'payments and credits', 'payments and other credits', 'payments/credits', 'payments & credits', 'payment/credits',
    'payments, credits', 'total payments and credits', 'total payments and other credits', 'credits and payments',
    'payments and refunds', 'total credits',
    'Zahlungen und Gutschriften', 'Gutschriften und Zahlungen', 'Summe Gutschriften', 'Ihre Zahlungen',
    'Zahlungen/Gutschriften', 'Einzahlungen und Gutschriften',
    'Paiements et crédits', 'Paiements et remboursements', 'Remboursements et crédits', 'Total des crédits',
    'Pagos y abonos', 'Pagos y créditos', 'Total abonos', 'Abonos y pagos',
    'Pagamenti e accrediti', 'Totale accrediti', 'Accrediti e pagamenti', 'Rimborsi e accrediti',
    'Betalingen en creditboekingen', 'Betalingen en bijschrijvingen', 'Totaal bijschrijvingen', 'Bijschrijvingen',
  ] },
  { field: 'payments_and_credits', weight: 0.8, phrases: [
    'payments', 'credits', 'Zahlungen', 'Gutschriften', 'Paiements', 'Crédits', 'Pagos', 'Abonos', 'Pagamenti',
    'Accrediti', 'Betalingen',
  ] },
  { field: 'purchases_and_debits', phrases: [
    'purchases and debits', 'purchases and other debits', 'purchases and other charges', 'purchases/debits',
    'purchases and adjustments', 'new purchases', 'total purchases', 'purchases & debits', 'total new transactions',
    'total debits', 'new charges',
    'Umsätze und Belastungen', 'Neue Umsätze', 'Summe Umsätze', 'Summe Belastungen', 'Käufe und Belastungen',
    'Belastungen gesamt', 'Umsätze gesamt',
    'Achats et débits', 'Total des achats', 'Total des débits', 'Nouvelles opérations', 'Achats et dépenses',
    'Compras y cargos', 'Total compras', 'Total cargos', 'Compras y otros cargos',
    'Acquisti e addebiti', 'Totale acquisti', 'Totale addebiti', 'Nuove operazioni',
    'Aankopen en afschrijvingen', 'Totaal aankopen', 'Totaal afschrijvingen', 'Nieuwe uitgaven',
  ] },
  { field: 'purchases_and_debits', weight: 0.8, phrases: [
    'purchases', 'debits', 'charges', 'Umsätze', 'Belastungen', 'Käufe', 'Einkäufe', 'Achats', 'Débits', 'Dépenses',
    'Compras', 'Cargos', 'Acquisti', 'Addebiti', 'Aankopen', 'Uitgaven', 'Afschrijvingen',
  ] },
  { field: 'cash_advances', phrases: [
    'cash advances', 'cash advance', 'Bargeldverfügungen', 'Bargeldabhebungen', 'Bargeld', 'Avances d\'espèces',
    'Retraits d\'espèces', 'Disposiciones de efectivo', 'Anticipi di contante', 'Prelievi di contante',
    'Geldopnames',
  ] },
  { field: 'balance_transfers', phrases: ['balance transfers', 'balance transfer', 'Saldoübertragungen', 'Transferts de solde'] },
  { field: 'fees', phrases: [
    'fees', 'fees charged', 'total fees', 'total fees charged', 'total fees for this period', 'fees and charges',
    'Gebühren', 'Entgelte', 'Summe Gebühren', 'Gebühren und Entgelte', 'Frais', 'Total des frais', 'Commissions',
    'Frais et commissions', 'Comisiones', 'Total comisiones', 'Comisiones y gastos', 'Commissioni', 'Totale commissioni',
    'Spese e commissioni', 'Kosten', 'Totaal kosten', 'Provisies',
  ] },
  { field: 'interest', phrases: [
    'interest', 'interest charged', 'interest charges', 'total interest', 'total interest charged', 'finance charge',
    'finance charges', 'total interest for this period', 'interest charge',
    'Zinsen', 'Sollzinsen', 'Summe Zinsen', 'Intérêts', 'Total des intérêts', 'Agios', 'Intereses', 'Total intereses',
    'Interessi', 'Totale interessi', 'Rente', 'Totaal rente',
  ] },
  { field: 'new_balance', phrases: [
    'new balance', 'closing balance', 'statement balance', 'new statement balance', 'current balance',
    'new balance total', 'balance on this statement', 'your new balance',
    'Neuer Saldo', 'Aktueller Saldo', 'Endsaldo', 'Saldo neu', 'Neuer Kontostand', 'Saldo dieser Abrechnung',
    'Nouveau solde', 'Solde actuel', 'Solde final', 'Solde du relevé', 'Nouveau solde débiteur',
    'Nuevo saldo', 'Saldo actual', 'Saldo final', 'Saldo a la fecha',
    'Nuovo saldo', 'Saldo attuale', 'Saldo finale', 'Saldo contabile',
    'Nieuw saldo', 'Eindsaldo', 'Huidig saldo', 'Saldo dit afschrift',
  ] },
  { field: 'minimum_payment_due', phrases: [
    'minimum payment due', 'minimum payment', 'minimum amount due', 'minimum due', 'min payment due',
    'minimum payment amount', 'minimum to pay', 'minimum repayment',
    'Mindestzahlung', 'Mindestbetrag', 'Mindestrückzahlung', 'Mindesteinzahlung', 'Fälliger Mindestbetrag',
    'Zu zahlender Mindestbetrag', 'Mindestzahlbetrag',
    'Paiement minimum', 'Montant minimum dû', 'Remboursement minimum', 'Montant minimum à payer', 'Minimum à payer',
    'Pago mínimo', 'Importe mínimo a pagar', 'Pago mínimo a realizar', 'Cuota mínima',
    'Pagamento minimo', 'Importo minimo', 'Importo minimo da pagare', 'Rata minima',
    'Minimale betaling', 'Minimaal te betalen', 'Minimumbedrag', 'Minimaal te betalen bedrag',
  ] },
  { field: 'payment_due_date', phrases: [
    'payment due date', 'due date', 'payment due', 'please pay by', 'pay by', 'payment date', 'payment due on',
    'due on', 'due by',
    'Fälligkeitsdatum', 'Fällig am', 'Zahlbar bis', 'Zahlungstermin', 'Fälligkeit', 'Zahlung fällig am',
    'Abbuchung am', 'Lastschrift am', 'Belastung am',
    'Date d\'échéance', 'Date limite de paiement', 'À payer avant le', 'Échéance', 'Date de prélèvement',
    'Prélevé le',
    'Fecha límite de pago', 'Fecha de vencimiento', 'Fecha de pago', 'Vencimiento', 'Fecha de cargo',
    'Data di scadenza', 'Scadenza pagamento', 'Data di addebito', 'Scadenza', 'Data addebito',
    'Vervaldatum', 'Uiterste betaaldatum', 'Betalen voor', 'Uiterlijk betalen op', 'Incassodatum',
  ] },
  { field: 'credit_limit', phrases: [
    'credit limit', 'credit line', 'total credit line', 'total credit limit', 'spending limit', 'card limit',
    'Kreditlimit', 'Kreditrahmen', 'Verfügungsrahmen', 'Limit', 'Kartenlimit', 'Gesamtlimit',
    'Plafond', 'Limite de crédit', 'Plafond de crédit', 'Plafond autorisé', 'Límite de crédito', 'Límite',
    'Limite di credito', 'Fido', 'Limite carta', 'Kredietlimiet', 'Bestedingslimiet', 'Limiet',
  ] },
  { field: 'available_credit', phrases: [
    'available credit', 'credit available', 'available credit line', 'available to spend', 'available credit limit',
    'Verfügbarer Betrag', 'Verfügbarer Kreditrahmen', 'Verfügbar', 'Verfügbares Limit', 'Verfügbarer Rahmen',
    'Crédit disponible', 'Disponible', 'Montant disponible', 'Crédito disponible', 'Saldo disponible',
    'Credito disponibile', 'Disponibilità', 'Disponibile', 'Beschikbaar krediet', 'Beschikbaar saldo', 'Beschikbaar',
  ] },
  { field: 'total_new_balance', phrases: [
    'total new balance', 'total balance', 'total statement balance', 'combined new balance', 'total amount due',
    'Gesamtsaldo', 'Neuer Gesamtsaldo', 'Saldo gesamt', 'Gesamtbetrag aller Karten', 'Total nouveau solde',
    'Solde total', 'Nouveau solde total', 'Saldo total', 'Nuevo saldo total', 'Saldo totale', 'Nuovo saldo totale',
    'Totaal nieuw saldo', 'Totaal saldo',
  ] },
  { field: 'total_minimum_payment_due', phrases: [
    'total minimum payment due', 'total minimum payment', 'total minimum due', 'total minimum amount due',
    'Gesamtmindestbetrag', 'Mindestzahlung gesamt', 'Mindestbetrag gesamt', 'Paiement minimum total',
    'Total paiement minimum', 'Pago mínimo total', 'Pagamento minimo totale', 'Totale pagamento minimo',
    'Totaal minimale betaling',
  ] },
];

const HEADER: PhraseSpec<StatementField>[] = [
  { field: 'not_a_value', phrases: [
    'interest rate', 'annual percentage rate', 'purchase apr', 'cash advance apr', 'interest charge calculation',
    'minimum payment warning', 'late payment warning', 'payment information', 'Zinssatz', 'Sollzinssatz',
    'effektiver Jahreszins', 'Taux d\'intérêt', 'Taux annuel effectif global', 'Tipo de interés', 'Tipo deudor',
    'Tasso di interesse', 'Tasso annuo', 'Rentevoet', 'Jaarlijks kostenpercentage', 'Debetrente',
  ] },
  { field: 'statement_date', phrases: [
    'statement date', 'statement closing date', 'date of statement', 'statement issued', 'statement issue date',
    'billing date', 'Abrechnungsdatum', 'Datum der Abrechnung', 'Abrechnung vom', 'Kontoauszug vom',
    'Rechnungsdatum', 'Auszugsdatum', 'Date du relevé', 'Date de relevé', 'Relevé du', 'Date d\'arrêté',
    'Fecha del extracto', 'Fecha de emisión', 'Fecha de liquidación', 'Fecha de corte', 'Data estratto conto',
    'Data dell\'estratto conto', 'Data emissione', 'Data di emissione', 'Afschriftdatum', 'Datum afschrift',
    'Datum overzicht',
  ] },
  { field: 'statement_period', phrases: [
    'statement period', 'billing period', 'billing cycle', 'period', 'statement period from', 'opening/closing date',
    'period covered', 'Abrechnungszeitraum', 'Zeitraum', 'Abrechnungsperiode', 'Abrechnungsmonat',
    'Période', 'Période du relevé', 'Période de facturation', 'Período', 'Periodo', 'Periodo de facturación',
    'Período de liquidación', 'Periodo di riferimento', 'Periodo estratto conto', 'Periode', 'Afschriftperiode',
  ] },
  { field: 'period_start', phrases: ['opening date', 'period start', 'start date', 'from date', 'Beginn', 'Von', 'Début de période'] },
  { field: 'period_end', phrases: ['closing date', 'period end', 'end date', 'to date', 'Ende', 'Bis', 'Fin de période'] },
  { field: 'card_number', phrases: [
    'card number', 'card no', 'card #', 'account number', 'account no', 'account #', 'credit card number',
    'card ending in', 'account ending in', 'card account number', 'card',
    'Kartennummer', 'Karten-Nr.', 'Kreditkartennummer', 'Kontonummer', 'Konto-Nr.', 'Karte',
    'Numéro de carte', 'N° de carte', 'Carte n°', 'Carte', 'Numéro de compte',
    'Número de tarjeta', 'Nº de tarjeta', 'Tarjeta', 'Número de cuenta', 'Numero carta', 'Carta n.', 'Carta',
    'Numero conto', 'Kaartnummer', 'Kaart', 'Rekeningnummer',
  ] },
  { field: 'account_holder', phrases: [
    'cardholder', 'card holder', 'account holder', 'cardmember', 'card member', 'primary cardholder', 'name',
    'Karteninhaber', 'Karteninhaberin', 'Kontoinhaber', 'Inhaber', 'Name', 'Titulaire', 'Titulaire de la carte',
    'Nom', 'Titular', 'Titular de la tarjeta', 'Nombre', 'Titolare', 'Titolare della carta', 'Nome',
    'Kaarthouder', 'Rekeninghouder', 'Naam',
  ] },
  { field: 'issuer', phrases: [
    'issuer', 'card issuer', 'issued by', 'Kartenherausgeber', 'Herausgeber', 'Émetteur', 'Émetteur de la carte',
    'Emisor', 'Entidad emisora', 'Emittente', 'Uitgever', 'Kaartuitgever',
  ] },
];

export const STATEMENT_LABELS = new PhraseMatcher<StatementField>([...SUMMARY, ...HEADER]);

export type StatementColumn =
  | 'transaction_date'
  | 'posting_date'
  | 'date'
  | 'description'
  | 'amount'
  | 'debit'
  | 'credit'
  | 'reference'
  | 'balance'
  | 'foreign_amount';

export const STATEMENT_COLUMNS = new PhraseMatcher<StatementColumn>([
  { field: 'transaction_date', phrases: [
    'trans date', 'trans. date', 'transaction date', 'date of transaction', 'sale date', 'purchase date', 'tran date',
    'Belegdatum', 'Kaufdatum', 'Umsatzdatum', 'Transaktionsdatum', 'Umsatztag', 'Einkaufsdatum',
    'Date d\'opération', 'Date opération', 'Date de l\'opération', 'Date d\'achat', 'Date transaction',
    'Fecha de operación', 'Fecha operación', 'Fecha de la operación', 'Fecha compra',
    'Data operazione', 'Data dell\'operazione', 'Data acquisto', 'Data transazione',
    'Transactiedatum', 'Datum transactie', 'Aankoopdatum',
  ] },
  { field: 'posting_date', phrases: [
    'post date', 'posting date', 'posted', 'posted date', 'booking date', 'date posted',
    'Buchungsdatum', 'Buchungstag', 'Buchung', 'Wertstellung', 'Valuta', 'Date de comptabilisation', 'Date de valeur',
    'Date comptable', 'Fecha de contabilización', 'Fecha valor', 'Fecha contable', 'Data contabile',
    'Data registrazione', 'Data valuta', 'Boekingsdatum', 'Boekdatum', 'Valutadatum',
  ] },
  { field: 'date', weight: 0.7, phrases: ['date', 'Datum', 'Fecha', 'Data', 'Tag'] },
  { field: 'description', phrases: [
    'description', 'transaction description', 'details', 'merchant', 'merchant name', 'transaction details',
    'Beschreibung', 'Umsatzbeschreibung', 'Verwendungszweck', 'Buchungstext', 'Händler', 'Umsatz', 'Details',
    'Description', 'Libellé', 'Détail', 'Commerçant', 'Opération', 'Descripción', 'Concepto', 'Comercio',
    'Descrizione', 'Esercente', 'Dettagli', 'Omschrijving', 'Winkelier', 'Transactie',
  ] },
  { field: 'amount', phrases: [
    'amount', 'transaction amount', 'amount in', 'Betrag', 'Betrag in', 'Umsatzbetrag', 'Betrag EUR', 'Montant',
    'Montant en', 'Importe', 'Importe en', 'Importo', 'Importo in', 'Bedrag', 'Bedrag in',
  ] },
  { field: 'debit', phrases: [
    'debit', 'debits', 'charges', 'withdrawals', 'Soll', 'Belastung', 'Lastschrift', 'Débit', 'Cargo', 'Cargos',
    'Addebito', 'Addebiti', 'Dare', 'Af', 'Debet',
  ] },
  { field: 'credit', phrases: [
    'credit', 'credits', 'payments/credits', 'Haben', 'Gutschrift', 'Crédit', 'Abono', 'Abonos', 'Accredito',
    'Accrediti', 'Avere', 'Bij', 'Credit',
  ] },
  { field: 'reference', phrases: [
    'reference', 'reference number', 'ref', 'ref no', 'Referenz', 'Referenznummer', 'Beleg', 'Belegnummer',
    'Référence', 'Referencia', 'Riferimento', 'Referentie',
  ] },
  { field: 'balance', phrases: ['balance', 'running balance', 'Saldo', 'Solde', 'Kontostand'] },
  { field: 'foreign_amount', phrases: [
    'foreign amount', 'original amount', 'foreign currency', 'Fremdwährung', 'Betrag in Fremdwährung',
    'Originalbetrag', 'Devise', 'Montant en devise', 'Divisa', 'Importe en divisa', 'Valuta estera',
    'Vreemde valuta',
  ] },
]);

export type StatementSection = 'credits' | 'debits' | 'fees' | 'interest' | 'all';

/** Headings of transaction groups: rows below a credits heading are credits whatever their sign. */
export const STATEMENT_SECTIONS = new PhraseMatcher<StatementSection>([
  { field: 'credits', phrases: [
    'payments and other credits', 'payments and credits', 'payments', 'credits', 'payments/credits',
    'payments & credits', 'refunds', 'credits and refunds', 'Zahlungen und Gutschriften', 'Gutschriften',
    'Zahlungen', 'Ihre Zahlungen', 'Paiements et crédits', 'Remboursements', 'Paiements', 'Crédits', 'Pagos y abonos',
    'Pagos', 'Abonos', 'Devoluciones', 'Pagamenti e accrediti', 'Accrediti', 'Pagamenti', 'Rimborsi',
    'Betalingen en creditboekingen', 'Betalingen', 'Bijschrijvingen', 'Terugbetalingen',
  ] },
  { field: 'debits', phrases: [
    'purchases', 'purchases and adjustments', 'purchases and other charges', 'purchases and other debits',
    'purchases and debits', 'new charges', 'cash advances', 'balance transfers', 'Belastungen', 'Käufe',
    'Einkäufe', 'Achats', 'Dépenses', 'Compras', 'Cargos', 'Acquisti', 'Addebiti', 'Aankopen', 'Uitgaven',
  ] },
  // Generic headings ("Transactions", "Ihre Umsätze") hold payments and purchases alike: they end a section.
  { field: 'all', phrases: [
    'transactions', 'transaction details', 'account activity', 'Umsätze', 'Ihre Umsätze', 'Umsatzübersicht',
    'Kontobewegungen', 'Opérations', 'Détail des opérations', 'Movimientos', 'Detalle de movimientos', 'Movimenti',
    'Operazioni', 'Dettaglio movimenti', 'Transacties', 'Overzicht transacties',
  ] },
  { field: 'fees', phrases: ['fees', 'fees charged', 'Gebühren', 'Entgelte', 'Frais', 'Comisiones', 'Commissioni', 'Kosten'] },
  { field: 'interest', phrases: [
    'interest', 'interest charged', 'finance charges', 'Zinsen', 'Intérêts', 'Intereses', 'Interessi', 'Rente',
  ] },
]);

/** Words that mark a payment to the card account in a transaction's description. */
export const PAYMENT_WORDS = /\b(?:payment|thank you|autopay|paiement|versement|zahlung|einzahlung|lastschrifteinzug|einzug|gutschrift|pago|abono|pagamento|betaling|storting|refund|remboursement|erstattung|rimborso|devoluci[oó]n)\b/iu;
