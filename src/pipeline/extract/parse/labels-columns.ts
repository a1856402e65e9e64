// Label variants for line-item column headers, in en/de/fr/es/it/nl. Several words double as summary labels
// ("Total", "Netto", "Betrag"): they are listed here with a lower weight and the caller restricts matching to
// line_* fields when it reads a table header.
import type { LabelSpec } from './label-fields.js';

export const COLUMN_LABELS: readonly LabelSpec[] = [
  {
    field: 'line_position',
    variants: {
      en: ['pos', 'pos.', 'position', 'line', 'line no', 'item no'],
      de: ['Pos.', 'Position', 'Pos.-Nr.', 'Lfd. Nr.', 'Zeile'],
      fr: ['Ligne', 'N° ligne'],
      es: ['Línea', 'Pos.'],
      it: ['Posizione', 'Riga', 'N. riga'],
      nl: ['Regel', 'Regelnr.', 'Positie'],
    },
  },
  {
    field: 'line_position',
    weight: 0.5,
    variants: { en: ['#', 'no', 'nr', 'item'], de: ['Nr.'], fr: ['N°'], es: ['Nº'], it: ['N.'], nl: ['Nr.'] },
  },
  {
    field: 'line_description',
    variants: {
      en: ['description', 'item description', 'product description', 'details', 'particulars', 'description of goods',
        'description of services', 'goods/services', 'designation'],
      de: ['Beschreibung', 'Bezeichnung', 'Artikelbezeichnung', 'Artikelbeschreibung', 'Leistungsbeschreibung',
        'Leistung', 'Produktbezeichnung', 'Positionstext'],
      fr: ['Désignation', 'Description', 'Libellé', 'Produit', 'Prestation', 'Désignation des produits'],
      es: ['Descripción', 'Concepto', 'Artículo', 'Producto', 'Detalle', 'Denominación'],
      it: ['Descrizione', 'Descrizione articolo', 'Prodotto', 'Descrizione beni/servizi', 'Denominazione'],
      nl: ['Omschrijving', 'Beschrijving', 'Artikelomschrijving', 'Product', 'Artikel omschrijving'],
    },
  },
  {
    field: 'line_description',
    weight: 0.8,
    variants: {
      en: ['item', 'product', 'article', 'service', 'services'],
      de: ['Artikel', 'Produkt', 'Text'],
      fr: ['Article'],
      it: ['Articolo', 'Servizio'],
      nl: ['Artikel', 'Dienst'],
    },
  },
  {
    field: 'line_product_code',
    variants: {
      en: ['item code', 'product code', 'sku', 'part number', 'part no', 'article number', 'article no', 'art no',
        'item number', 'product no', 'product id', 'catalog no', 'material number', 'ean', 'gtin'],
      de: ['Artikelnummer', 'Art.-Nr.', 'Artikel-Nr.', 'Art. Nr.', 'Materialnummer', 'Produktnummer',
        'Artikelnr.', 'Art-Nr-Lieferant', 'Art-Nr-Kunde', 'Sachnummer'],
      fr: ['Réf.', 'Code article', 'Code produit', 'Réf. article'],
      es: ['Código', 'Cód.', 'Ref.', 'Código artículo', 'Código de artículo', 'Código producto'],
      it: ['Codice', 'Cod.', 'Codice articolo', 'Cod. articolo', 'Cod. art.', 'Rif.'],
      nl: ['Artikelnummer', 'Artikelnr.', 'Art. nr.', 'Productcode', 'Artikelcode'],
    },
  },
  {
    field: 'line_product_code',
    weight: 0.6,
    variants: { en: ['code', 'ref', 'reference'], fr: ['Code', 'Référence'], es: ['Referencia'], nl: ['Code'] },
  },
  {
    field: 'line_quantity',
    variants: {
      en: ['quantity', 'qty', 'qty.', 'quant', 'quant.', 'no. of units', 'number of units'],
      de: ['Menge', 'Anzahl', 'Anz.', 'Stückzahl', 'Liefermenge'],
      fr: ['Quantité', 'Qté', 'Qte', 'Qt.', 'Nombre'],
      es: ['Cantidad', 'Cant.', 'Unidades', 'Uds.', 'Ud.'],
      it: ['Quantità', 'Qtà', 'Q.tà', 'Quant.', 'Qta'],
      nl: ['Aantal', 'Hoeveelheid', 'Aant.'],
    },
  },
  {
    field: 'line_quantity',
    weight: 0.6,
    variants: { en: ['units', 'hours', 'hrs'], de: ['Stunden', 'Std.'], fr: ['Heures'], es: ['Horas'],
      it: ['Ore'], nl: ['Uren'] },
  },
  {
    field: 'line_unit',
    variants: {
      en: ['unit', 'uom', 'unit of measure', 'u/m'],
      de: ['Einheit', 'ME', 'Mengeneinheit', 'VKE', 'VKE/Geb'],
      fr: ['Unité', 'U.', 'Unité de mesure'],
      es: ['Unidad', 'Unidad de medida', 'U.M.'],
      it: ['Unità', 'U.M.', 'UM', 'Unità di misura'],
      nl: ['Eenheid', 'Eenh.'],
    },
  },
  {
    field: 'line_unit_price',
    variants: {
      en: ['unit price', 'price per unit', 'unit cost', 'price each', 'unit amount', 'unit rate', 'rate per unit',
        'net price', 'unit net price', 'price/unit'],
      de: ['Einzelpreis', 'E-Preis', 'Stückpreis', 'EP', 'Preis/Einheit', 'Einzelpreis netto', 'Netto-Einzelpreis',
        'Preis pro Einheit', 'Nettopreis', 'Einzel', 'Einzel/€', 'Preis je Einheit', 'Listenpreis'],
      fr: ['Prix unitaire', 'PU', 'P.U.', 'Prix unitaire HT', 'PU HT', 'P.U. HT', 'Prix unit.'],
      es: ['Precio unitario', 'Precio unidad', 'P. unitario', 'P.U.', 'Precio/ud.', 'Precio por unidad'],
      it: ['Prezzo unitario', 'Prezzo unit.', 'Pr. unit.', 'Importo unitario', 'Prezzo cad.'],
      nl: ['Prijs per eenheid', 'Stukprijs', 'Eenheidsprijs', 'Prijs per stuk', 'Prijs/st.'],
    },
  },
  {
    field: 'line_unit_price',
    weight: 0.8,
    variants: {
      en: ['price', 'each', 'rate'], de: ['Preis'], fr: ['Prix'], es: ['Precio'], it: ['Prezzo'], nl: ['Prijs', 'Tarief'],
    },
  },
  {
    field: 'line_discount',
    variants: {
      en: ['discount', 'disc', 'disc %', 'discount %'],
      de: ['Rabatt', 'Rabatt %', 'Nachlass'],
      fr: ['Remise', 'Remise %', 'Rabais'],
      es: ['Descuento', 'Dto.', 'Dto. %', 'Dcto.'],
      it: ['Sconto', 'Sconto %', 'Sc. %'],
      nl: ['Korting', 'Korting %'],
    },
  },
  {
    field: 'line_tax_rate',
    variants: {
      en: ['vat rate', 'vat %', 'tax rate', 'tax %', 'gst %', 'gst rate', '% vat', 'vat%'],
      de: ['MwSt %', 'MwSt.-%', 'MwSt-Satz', 'USt %', 'USt-Satz', 'Steuersatz', 'MwSt.-Satz', 'USt.-%', 'Steuer %'],
      fr: ['Taux TVA', 'TVA %', '% TVA', 'Taux de TVA', 'Taux'],
      es: ['Tipo IVA', '% IVA', 'IVA %', 'Tipo de IVA'],
      it: ['Aliquota IVA', '% IVA', 'IVA %', 'Aliquota', 'Cod. IVA'],
      nl: ['BTW %', 'BTW-tarief', 'BTW tarief', 'BTW-percentage', '% BTW'],
    },
  },
  {
    field: 'line_tax_rate',
    weight: 0.5,
    variants: { en: ['vat', 'tax', 'gst', 'taxes'], de: ['MwSt', 'USt'], fr: ['TVA'], es: ['IVA'], it: ['IVA'], nl: ['BTW'] },
  },
  {
    // A header cell that is only "%": a rate column (in running text "19%" is a value, not a label).
    field: 'line_tax_rate',
    weight: 0.5,
    standalone: true,
    variants: { en: ['%'] },
  },
  {
    field: 'line_amount',
    variants: {
      en: ['line total', 'amount', 'extended price', 'ext. price', 'line amount', 'total price', 'value'],
      de: ['Betrag', 'Gesamtpreis', 'Positionsbetrag', 'Wert', 'Gesamt/€'],
      fr: ['Montant', 'Prix total', 'Total ligne'],
      es: ['Importe', 'Total línea'],
      it: ['Importo', 'Valore', 'Totale riga'],
      nl: ['Bedrag', 'Regeltotaal', 'Totaalprijs'],
    },
  },
  {
    // Mostly also summary labels (subtotal, total): a column header only when the caller reads a table header.
    // "Prijs incl. BTW" heads the gross line amount next to "Prijs per stuk" (Dutch web shops).
    field: 'line_amount',
    weight: 0.7,
    variants: {
      en: ['net amount', 'amount excl. vat', 'net value'],
      de: ['Nettobetrag', 'Nettowert', 'Summe netto', 'Netto-Betrag'],
      fr: ['Montant HT', 'Montant net'],
      es: ['Importe neto'],
      it: ['Importo netto'],
      nl: ['Bedrag excl. BTW', 'Nettobedrag', 'Bedrag incl. BTW', 'Prijs incl. BTW'],
    },
  },
  {
    field: 'line_amount',
    weight: 0.5,
    variants: {
      en: ['total', 'net'], de: ['Gesamt', 'Summe', 'Netto', 'Total'], fr: ['Total', 'Total HT'], es: ['Total'],
      it: ['Totale'], nl: ['Totaal'],
    },
  },
];
