// Labels of credit-card statements, per language: the account summary (balances and period movements), dates, the
// card and its holder, the transaction table's columns, the section headings that group transactions ("Payments
// and credits", "Purchases") and the words of a payment's description.
import type { ByLanguage, PhrasesByLanguage } from './languages.js';

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

export type StatementSection = 'credits' | 'debits' | 'fees' | 'interest' | 'all';

/** The account summary: balances and the period's movements. */
export const STATEMENT_SUMMARY_PHRASES: readonly PhrasesByLanguage<StatementField>[] = [
  {
    field: 'previous_balance',
    phrases: {
      en: [
        'previous balance',
        'previous statement balance',
        'balance forward',
        'opening balance',
        'last statement balance',
        'balance from previous statement',
        'balance brought forward',
        'balance last statement',
        'prior balance',
      ],
      de: [
        'Saldo Vormonat',
        'Vorheriger Saldo',
        'Alter Saldo',
        'Saldovortrag',
        'Saldo letzte Abrechnung',
        'Saldo der letzten Abrechnung',
        'Saldo aus letzter Abrechnung',
        'Saldo alt',
        'Anfangssaldo',
        'Vortrag',
      ],
      fr: ['Solde précédent', 'Ancien solde', 'Solde antérieur', 'Solde du relevé précédent', 'Solde initial'],
      es: ['Saldo anterior', 'Saldo inicial', 'Saldo del extracto anterior'],
      it: ['Saldo precedente', 'Saldo iniziale', 'Saldo estratto conto precedente'],
      nl: ['Vorig saldo', 'Oud saldo', 'Beginsaldo', 'Saldo vorige afschrift', 'Vorig afschrift'],
    },
  },
  {
    field: 'payments_and_credits',
    phrases: {
      en: [
        'payments and credits',
        'payments and other credits',
        'payments/credits',
        'payments & credits',
        'payment/credits',
        'payments, credits',
        'total payments and credits',
        'total payments and other credits',
        'credits and payments',
        'payments and refunds',
        'total credits',
      ],
      de: [
        'Zahlungen und Gutschriften',
        'Gutschriften und Zahlungen',
        'Summe Gutschriften',
        'Ihre Zahlungen',
        'Zahlungen/Gutschriften',
        'Einzahlungen und Gutschriften',
      ],
      fr: ['Paiements et crédits', 'Paiements et remboursements', 'Remboursements et crédits', 'Total des crédits'],
      es: ['Pagos y abonos', 'Pagos y créditos', 'Total abonos', 'Abonos y pagos'],
      it: ['Pagamenti e accrediti', 'Totale accrediti', 'Accrediti e pagamenti', 'Rimborsi e accrediti'],
      nl: [
        'Betalingen en creditboekingen',
        'Betalingen en bijschrijvingen',
        'Totaal bijschrijvingen',
        'Bijschrijvingen',
      ],
    },
  },
  {
    field: 'payments_and_credits',
    weight: 0.8,
    phrases: {
      en: ['payments', 'credits'],
      de: ['Zahlungen', 'Gutschriften'],
      fr: ['Paiements', 'Crédits'],
      es: ['Pagos', 'Abonos'],
      it: ['Pagamenti', 'Accrediti'],
      nl: ['Betalingen'],
    },
  },
  {
    field: 'purchases_and_debits',
    phrases: {
      en: [
        'purchases and debits',
        'purchases and other debits',
        'purchases and other charges',
        'purchases/debits',
        'purchases and adjustments',
        'new purchases',
        'total purchases',
        'purchases & debits',
        'total new transactions',
        'total debits',
        'new charges',
      ],
      de: [
        'Umsätze und Belastungen',
        'Neue Umsätze',
        'Summe Umsätze',
        'Summe Belastungen',
        'Käufe und Belastungen',
        'Belastungen gesamt',
        'Umsätze gesamt',
      ],
      fr: ['Achats et débits', 'Total des achats', 'Total des débits', 'Nouvelles opérations', 'Achats et dépenses'],
      es: ['Compras y cargos', 'Total compras', 'Total cargos', 'Compras y otros cargos'],
      it: ['Acquisti e addebiti', 'Totale acquisti', 'Totale addebiti', 'Nuove operazioni'],
      nl: ['Aankopen en afschrijvingen', 'Totaal aankopen', 'Totaal afschrijvingen', 'Nieuwe uitgaven'],
    },
  },
  {
    field: 'purchases_and_debits',
    weight: 0.8,
    phrases: {
      en: ['purchases', 'debits', 'charges'],
      de: ['Umsätze', 'Belastungen', 'Käufe', 'Einkäufe'],
      fr: ['Achats', 'Débits', 'Dépenses'],
      es: ['Compras', 'Cargos'],
      it: ['Acquisti', 'Addebiti'],
      nl: ['Aankopen', 'Uitgaven', 'Afschrijvingen'],
    },
  },
  {
    field: 'cash_advances',
    phrases: {
      en: ['cash advances', 'cash advance'],
      de: ['Bargeldverfügungen', 'Bargeldabhebungen', 'Bargeld'],
      fr: ["Avances d'espèces", "Retraits d'espèces"],
      es: ['Disposiciones de efectivo'],
      it: ['Anticipi di contante', 'Prelievi di contante'],
      nl: ['Geldopnames'],
    },
  },
  {
    field: 'balance_transfers',
    phrases: {
      en: ['balance transfers', 'balance transfer'],
      de: ['Saldoübertragungen'],
      fr: ['Transferts de solde'],
      es: ['Transferencias de saldo', 'Transferencia de saldo'],
      it: ['Trasferimenti di saldo', 'Trasferimento di saldo'],
      nl: ['Saldo-overdrachten', 'Saldo-overdracht'],
    },
  },
  {
    field: 'fees',
    phrases: {
      en: [
        'fees',
        'fees charged',
        'total fees',
        'total fees charged',
        'total fees for this period',
        'fees and charges',
      ],
      de: ['Gebühren', 'Entgelte', 'Summe Gebühren', 'Gebühren und Entgelte'],
      fr: ['Frais', 'Total des frais', 'Commissions', 'Frais et commissions'],
      es: ['Comisiones', 'Total comisiones', 'Comisiones y gastos'],
      it: ['Commissioni', 'Totale commissioni', 'Spese e commissioni'],
      nl: ['Kosten', 'Totaal kosten', 'Provisies'],
    },
  },
  {
    field: 'interest',
    phrases: {
      en: [
        'interest',
        'interest charged',
        'interest charges',
        'total interest',
        'total interest charged',
        'finance charge',
        'finance charges',
        'total interest for this period',
        'interest charge',
      ],
      de: ['Zinsen', 'Sollzinsen', 'Summe Zinsen'],
      fr: ['Intérêts', 'Total des intérêts', 'Agios'],
      es: ['Intereses', 'Total intereses'],
      it: ['Interessi', 'Totale interessi'],
      nl: ['Rente', 'Totaal rente'],
    },
  },
  {
    field: 'new_balance',
    phrases: {
      en: [
        'new balance',
        'closing balance',
        'statement balance',
        'new statement balance',
        'current balance',
        'new balance total',
        'balance on this statement',
        'your new balance',
      ],
      de: ['Neuer Saldo', 'Aktueller Saldo', 'Endsaldo', 'Saldo neu', 'Neuer Kontostand', 'Saldo dieser Abrechnung'],
      fr: ['Nouveau solde', 'Solde actuel', 'Solde final', 'Solde du relevé', 'Nouveau solde débiteur'],
      es: ['Nuevo saldo', 'Saldo actual', 'Saldo final', 'Saldo a la fecha'],
      it: ['Nuovo saldo', 'Saldo attuale', 'Saldo finale', 'Saldo contabile'],
      nl: ['Nieuw saldo', 'Eindsaldo', 'Huidig saldo', 'Saldo dit afschrift'],
    },
  },
  {
    field: 'minimum_payment_due',
    phrases: {
      en: [
        'minimum payment due',
        'minimum payment',
        'minimum amount due',
        'minimum due',
        'min payment due',
        'minimum payment amount',
        'minimum to pay',
        'minimum repayment',
      ],
      de: [
        'Mindestzahlung',
        'Mindestbetrag',
        'Mindestrückzahlung',
        'Mindesteinzahlung',
        'Fälliger Mindestbetrag',
        'Zu zahlender Mindestbetrag',
        'Mindestzahlbetrag',
      ],
      fr: [
        'Paiement minimum',
        'Montant minimum dû',
        'Remboursement minimum',
        'Montant minimum à payer',
        'Minimum à payer',
      ],
      es: ['Pago mínimo', 'Importe mínimo a pagar', 'Pago mínimo a realizar', 'Cuota mínima'],
      it: ['Pagamento minimo', 'Importo minimo', 'Importo minimo da pagare', 'Rata minima'],
      nl: ['Minimale betaling', 'Minimaal te betalen', 'Minimumbedrag', 'Minimaal te betalen bedrag'],
    },
  },
  {
    field: 'payment_due_date',
    phrases: {
      en: [
        'payment due date',
        'due date',
        'payment due',
        'please pay by',
        'pay by',
        'payment date',
        'payment due on',
        'due on',
        'due by',
      ],
      de: [
        'Fälligkeitsdatum',
        'Fällig am',
        'Zahlbar bis',
        'Zahlungstermin',
        'Fälligkeit',
        'Zahlung fällig am',
        'Abbuchung am',
        'Lastschrift am',
        'Belastung am',
      ],
      fr: [
        "Date d'échéance",
        'Date limite de paiement',
        'À payer avant le',
        'Échéance',
        'Date de prélèvement',
        'Prélevé le',
      ],
      es: ['Fecha límite de pago', 'Fecha de vencimiento', 'Fecha de pago', 'Vencimiento', 'Fecha de cargo'],
      it: ['Data di scadenza', 'Scadenza pagamento', 'Data di addebito', 'Scadenza', 'Data addebito'],
      nl: ['Vervaldatum', 'Uiterste betaaldatum', 'Betalen voor', 'Uiterlijk betalen op', 'Incassodatum'],
    },
  },
  {
    field: 'credit_limit',
    phrases: {
      en: ['credit limit', 'credit line', 'total credit line', 'total credit limit', 'spending limit', 'card limit'],
      de: ['Kreditlimit', 'Kreditrahmen', 'Verfügungsrahmen', 'Limit', 'Kartenlimit', 'Gesamtlimit'],
      fr: ['Plafond', 'Limite de crédit', 'Plafond de crédit', 'Plafond autorisé'],
      es: ['Límite de crédito', 'Límite'],
      it: ['Limite di credito', 'Fido', 'Limite carta'],
      nl: ['Kredietlimiet', 'Bestedingslimiet', 'Limiet'],
    },
  },
  {
    field: 'available_credit',
    phrases: {
      en: [
        'available credit',
        'credit available',
        'available credit line',
        'available to spend',
        'available credit limit',
      ],
      de: ['Verfügbarer Betrag', 'Verfügbarer Kreditrahmen', 'Verfügbar', 'Verfügbares Limit', 'Verfügbarer Rahmen'],
      fr: ['Crédit disponible', 'Disponible', 'Montant disponible'],
      es: ['Crédito disponible', 'Saldo disponible'],
      it: ['Credito disponibile', 'Disponibilità', 'Disponibile'],
      nl: ['Beschikbaar krediet', 'Beschikbaar saldo', 'Beschikbaar'],
    },
  },
  {
    field: 'total_new_balance',
    phrases: {
      en: ['total new balance', 'total balance', 'total statement balance', 'combined new balance', 'total amount due'],
      de: ['Gesamtsaldo', 'Neuer Gesamtsaldo', 'Saldo gesamt', 'Gesamtbetrag aller Karten'],
      fr: ['Total nouveau solde', 'Solde total', 'Nouveau solde total'],
      es: ['Saldo total', 'Nuevo saldo total'],
      it: ['Saldo totale', 'Nuovo saldo totale'],
      nl: ['Totaal nieuw saldo', 'Totaal saldo'],
    },
  },
  {
    field: 'total_minimum_payment_due',
    phrases: {
      en: ['total minimum payment due', 'total minimum payment', 'total minimum due', 'total minimum amount due'],
      de: ['Gesamtmindestbetrag', 'Mindestzahlung gesamt', 'Mindestbetrag gesamt'],
      fr: ['Paiement minimum total', 'Total paiement minimum'],
      es: ['Pago mínimo total'],
      it: ['Pagamento minimo totale', 'Totale pagamento minimo'],
      nl: ['Totaal minimale betaling'],
    },
  },
];

/** Dates, the card and its holder, and phrases that only look like a field (`not_a_value`). */
export const STATEMENT_HEADER_PHRASES: readonly PhrasesByLanguage<StatementField>[] = [
  {
    field: 'not_a_value',
    phrases: {
      en: [
        'interest rate',
        'annual percentage rate',
        'purchase apr',
        'cash advance apr',
        'interest charge calculation',
        'minimum payment warning',
        'late payment warning',
        'payment information',
      ],
      de: ['Zinssatz', 'Sollzinssatz', 'effektiver Jahreszins'],
      fr: ["Taux d'intérêt", 'Taux annuel effectif global'],
      es: ['Tipo de interés', 'Tipo deudor'],
      it: ['Tasso di interesse', 'Tasso annuo'],
      nl: ['Rentevoet', 'Jaarlijks kostenpercentage', 'Debetrente'],
    },
  },
  {
    field: 'statement_date',
    phrases: {
      en: [
        'statement date',
        'statement closing date',
        'date of statement',
        'statement issued',
        'statement issue date',
        'billing date',
      ],
      de: [
        'Abrechnungsdatum',
        'Datum der Abrechnung',
        'Abrechnung vom',
        'Kontoauszug vom',
        'Rechnungsdatum',
        'Auszugsdatum',
      ],
      fr: ['Date du relevé', 'Date de relevé', 'Relevé du', "Date d'arrêté"],
      es: ['Fecha del extracto', 'Fecha de emisión', 'Fecha de liquidación', 'Fecha de corte'],
      it: ['Data estratto conto', "Data dell'estratto conto", 'Data emissione', 'Data di emissione'],
      nl: ['Afschriftdatum', 'Datum afschrift', 'Datum overzicht'],
    },
  },
  {
    field: 'statement_period',
    phrases: {
      en: [
        'statement period',
        'billing period',
        'billing cycle',
        'period',
        'statement period from',
        'opening/closing date',
        'period covered',
      ],
      de: ['Abrechnungszeitraum', 'Zeitraum', 'Abrechnungsperiode', 'Abrechnungsmonat'],
      fr: ['Période', 'Période du relevé', 'Période de facturation'],
      es: ['Período', 'Periodo', 'Periodo de facturación', 'Período de liquidación'],
      it: ['Periodo di riferimento', 'Periodo estratto conto'],
      nl: ['Periode', 'Afschriftperiode'],
    },
  },
  {
    field: 'period_start',
    phrases: {
      en: ['opening date', 'period start', 'start date', 'from date'],
      de: ['Beginn', 'Von'],
      fr: ['Début de période'],
      es: ['Inicio del período', 'Fecha de inicio'],
      it: ['Inizio periodo', 'Data di inizio', 'Data inizio'],
      nl: ['Begin periode', 'Begindatum', 'Startdatum'],
    },
  },
  {
    field: 'period_end',
    phrases: {
      en: ['closing date', 'period end', 'end date', 'to date'],
      de: ['Ende', 'Bis'],
      fr: ['Fin de période'],
      es: ['Fin del período', 'Fecha de fin'],
      it: ['Fine periodo', 'Data di fine', 'Data fine'],
      nl: ['Einde periode', 'Einddatum'],
    },
  },
  {
    field: 'card_number',
    phrases: {
      en: [
        'card number',
        'card no',
        'card #',
        'account number',
        'account no',
        'account #',
        'credit card number',
        'card ending in',
        'account ending in',
        'card account number',
        'card',
      ],
      de: ['Kartennummer', 'Karten-Nr.', 'Kreditkartennummer', 'Kontonummer', 'Konto-Nr.', 'Karte'],
      fr: ['Numéro de carte', 'N° de carte', 'Carte n°', 'Carte', 'Numéro de compte'],
      es: ['Número de tarjeta', 'Nº de tarjeta', 'Tarjeta', 'Número de cuenta'],
      it: ['Numero carta', 'Carta n.', 'Carta', 'Numero conto'],
      nl: ['Kaartnummer', 'Kaart', 'Rekeningnummer'],
    },
  },
  {
    field: 'account_holder',
    phrases: {
      en: ['cardholder', 'card holder', 'account holder', 'cardmember', 'card member', 'primary cardholder', 'name'],
      de: ['Karteninhaber', 'Karteninhaberin', 'Kontoinhaber', 'Inhaber', 'Name'],
      fr: ['Titulaire', 'Titulaire de la carte', 'Nom'],
      es: ['Titular', 'Titular de la tarjeta', 'Nombre'],
      it: ['Titolare', 'Titolare della carta', 'Nome'],
      nl: ['Kaarthouder', 'Rekeninghouder', 'Naam'],
    },
  },
  {
    field: 'issuer',
    phrases: {
      en: ['issuer', 'card issuer', 'issued by'],
      de: ['Kartenherausgeber', 'Herausgeber'],
      fr: ['Émetteur', 'Émetteur de la carte'],
      es: ['Emisor', 'Entidad emisora'],
      it: ['Emittente'],
      nl: ['Uitgever', 'Kaartuitgever'],
    },
  },
];

/** Columns of the transaction table. */
export const STATEMENT_COLUMN_PHRASES: readonly PhrasesByLanguage<StatementColumn>[] = [
  {
    field: 'transaction_date',
    phrases: {
      en: [
        'trans date',
        'trans. date',
        'transaction date',
        'date of transaction',
        'sale date',
        'purchase date',
        'tran date',
      ],
      de: ['Belegdatum', 'Kaufdatum', 'Umsatzdatum', 'Transaktionsdatum', 'Umsatztag', 'Einkaufsdatum'],
      fr: ["Date d'opération", 'Date opération', "Date de l'opération", "Date d'achat", 'Date transaction'],
      es: ['Fecha de operación', 'Fecha operación', 'Fecha de la operación', 'Fecha compra'],
      it: ['Data operazione', "Data dell'operazione", 'Data acquisto', 'Data transazione'],
      nl: ['Transactiedatum', 'Datum transactie', 'Aankoopdatum'],
    },
  },
  {
    field: 'posting_date',
    phrases: {
      en: ['post date', 'posting date', 'posted', 'posted date', 'booking date', 'date posted'],
      de: ['Buchungsdatum', 'Buchungstag', 'Buchung', 'Wertstellung', 'Valuta'],
      fr: ['Date de comptabilisation', 'Date de valeur', 'Date comptable'],
      es: ['Fecha de contabilización', 'Fecha valor', 'Fecha contable'],
      it: ['Data contabile', 'Data registrazione', 'Data valuta'],
      nl: ['Boekingsdatum', 'Boekdatum', 'Valutadatum'],
    },
  },
  {
    field: 'date',
    weight: 0.7,
    phrases: {
      en: ['date'],
      de: ['Datum', 'Tag'],
      // The same words as English 'date' and German 'Datum': listed so every language has its word.
      fr: ['Date'],
      es: ['Fecha'],
      it: ['Data'],
      nl: ['Datum'],
    },
  },
  {
    field: 'description',
    phrases: {
      en: ['description', 'transaction description', 'details', 'merchant', 'merchant name', 'transaction details'],
      de: ['Beschreibung', 'Umsatzbeschreibung', 'Verwendungszweck', 'Buchungstext', 'Händler', 'Umsatz', 'Details'],
      fr: ['Description', 'Libellé', 'Détail', 'Commerçant', 'Opération'],
      es: ['Descripción', 'Concepto', 'Comercio'],
      it: ['Descrizione', 'Esercente', 'Dettagli'],
      nl: ['Omschrijving', 'Winkelier', 'Transactie'],
    },
  },
  {
    field: 'amount',
    phrases: {
      en: ['amount', 'transaction amount', 'amount in'],
      de: ['Betrag', 'Betrag in', 'Umsatzbetrag', 'Betrag EUR'],
      fr: ['Montant', 'Montant en'],
      es: ['Importe', 'Importe en'],
      it: ['Importo', 'Importo in'],
      nl: ['Bedrag', 'Bedrag in'],
    },
  },
  {
    field: 'debit',
    phrases: {
      en: ['debit', 'debits', 'charges', 'withdrawals'],
      de: ['Soll', 'Belastung', 'Lastschrift'],
      fr: ['Débit'],
      es: ['Cargo', 'Cargos'],
      it: ['Addebito', 'Addebiti', 'Dare'],
      nl: ['Af', 'Debet'],
    },
  },
  {
    field: 'credit',
    phrases: {
      en: ['credit', 'credits', 'payments/credits'],
      de: ['Haben', 'Gutschrift'],
      fr: ['Crédit'],
      es: ['Abono', 'Abonos'],
      it: ['Accredito', 'Accrediti', 'Avere'],
      nl: ['Bij', 'Credit'],
    },
  },
  {
    field: 'reference',
    phrases: {
      en: ['reference', 'reference number', 'ref', 'ref no'],
      de: ['Referenz', 'Referenznummer', 'Beleg', 'Belegnummer'],
      fr: ['Référence'],
      es: ['Referencia'],
      it: ['Riferimento'],
      nl: ['Referentie'],
    },
  },
  {
    field: 'balance',
    phrases: {
      en: ['balance', 'running balance'],
      de: ['Saldo', 'Kontostand'],
      fr: ['Solde'],
      es: ['Saldo'],
      it: ['Saldo'],
      nl: ['Saldo'],
    },
  },
  {
    field: 'foreign_amount',
    phrases: {
      en: ['foreign amount', 'original amount', 'foreign currency'],
      de: ['Fremdwährung', 'Betrag in Fremdwährung', 'Originalbetrag'],
      fr: ['Devise', 'Montant en devise'],
      es: ['Divisa', 'Importe en divisa'],
      it: ['Valuta estera'],
      nl: ['Vreemde valuta'],
    },
  },
];

/** Headings of transaction groups: rows below a credits heading are credits whatever their sign. */
export const STATEMENT_SECTION_PHRASES: readonly PhrasesByLanguage<StatementSection>[] = [
  {
    field: 'credits',
    phrases: {
      en: [
        'payments and other credits',
        'payments and credits',
        'payments',
        'credits',
        'payments/credits',
        'payments & credits',
        'refunds',
        'credits and refunds',
      ],
      de: ['Zahlungen und Gutschriften', 'Gutschriften', 'Zahlungen', 'Ihre Zahlungen'],
      fr: ['Paiements et crédits', 'Remboursements', 'Paiements', 'Crédits'],
      es: ['Pagos y abonos', 'Pagos', 'Abonos', 'Devoluciones'],
      it: ['Pagamenti e accrediti', 'Accrediti', 'Pagamenti', 'Rimborsi'],
      nl: ['Betalingen en creditboekingen', 'Betalingen', 'Bijschrijvingen', 'Terugbetalingen'],
    },
  },
  {
    field: 'debits',
    phrases: {
      en: [
        'purchases',
        'purchases and adjustments',
        'purchases and other charges',
        'purchases and other debits',
        'purchases and debits',
        'new charges',
        'cash advances',
        'balance transfers',
      ],
      de: ['Belastungen', 'Käufe', 'Einkäufe'],
      fr: ['Achats', 'Dépenses'],
      es: ['Compras', 'Cargos'],
      it: ['Acquisti', 'Addebiti'],
      nl: ['Aankopen', 'Uitgaven'],
    },
  },
  {
    field: 'all',
    phrases: {
      en: ['transactions', 'transaction details', 'account activity'],
      de: ['Umsätze', 'Ihre Umsätze', 'Umsatzübersicht', 'Kontobewegungen'],
      fr: ['Opérations', 'Détail des opérations'],
      es: ['Movimientos', 'Detalle de movimientos'],
      it: ['Movimenti', 'Operazioni', 'Dettaglio movimenti'],
      nl: ['Transacties', 'Overzicht transacties'],
    },
  },
  {
    field: 'fees',
    phrases: {
      en: ['fees', 'fees charged'],
      de: ['Gebühren', 'Entgelte'],
      fr: ['Frais'],
      es: ['Comisiones'],
      it: ['Commissioni'],
      nl: ['Kosten'],
    },
  },
  {
    field: 'interest',
    phrases: {
      en: ['interest', 'interest charged', 'finance charges'],
      de: ['Zinsen'],
      fr: ['Intérêts'],
      es: ['Intereses'],
      it: ['Interessi'],
      nl: ['Rente'],
    },
  },
];

/** Words that mark a payment to the card account in a transaction's description (whole words, any case). */
export const PAYMENT_DESCRIPTION_WORDS: ByLanguage = {
  en: ['payment', 'thank you', 'autopay', 'refund'],
  de: ['zahlung', 'einzahlung', 'lastschrifteinzug', 'einzug', 'gutschrift', 'erstattung'],
  fr: ['paiement', 'versement', 'remboursement'],
  es: ['pago', 'abono', 'devolución', 'devolucion'],
  it: ['pagamento', 'rimborso'],
  nl: ['betaling', 'storting'],
};

/**
 * Words of cards and statements that make a capitalised line no person's name ("Card Services", "Konto Summary").
 * Card brands and product names (Visa, Platinum ...) are no language's words and stay with the reader.
 */
export const NOT_A_NAME_WORDS: ByLanguage = {
  en: ['card', 'cards', 'account', 'bank', 'statement', 'summary', 'page', 'total', 'ending', 'number', 'services'],
  de: ['karte', 'konto', 'seite'],
  fr: ['carte', 'compte'],
  es: ['tarjeta', 'cuenta'],
  it: ['carta', 'conto'],
  nl: ['kaart', 'rekening'],
};

/** Words naming a bank or card company (an issuer without a label); legal forms stay with the reader. */
export const BANK_WORDS: ByLanguage = {
  en: ['bank', 'credit union', 'card services'],
  de: ['sparkasse', 'volksbank', 'raiffeisenbank', 'kartenservice'],
  fr: ['banque'],
  es: ['banco'],
  it: ['banca'],
  nl: ['bank'],
};
