// A business letter after DIN 5008 (Germany, the Netherlands, and letters modelled on it elsewhere): a small
// sender line above the address window, an information block at the right (invoice no., customer no., date,
// your order, contact person), a subject line "Rechnung Nr. ..." and a salutation before the table, totals
// worded "zzgl. 19 % MwSt." / "Gesamtbetrag", a closing, and the vendor's legal details in a footer.
import type { DocumentModel } from '../../model.js';
import { personName } from '../../vocab.js';
import { drawSumRows, keyFields, paymentTerms, type Field } from '../blocks.js';
import type { Canvas } from '../canvas.js';
import { CONTINUE_AT, FOOT, MARGIN, pageWord, roomFor, start } from '../invoices.js';
import { columnsFor, drawTable } from '../table.js';
import type { Template } from '../template.js';
import { drawRows, registeredLine, secondWords } from './parts.js';
import type { Rng } from '../../random.js';

/** Four footer columns: address, contact, bank, register and tax id; on every page. */
function letterFooter(model: DocumentModel, rng: Rng, size: number): (canvas: Canvas) => void {
  const v = model.vendor;
  const w = model.words;
  const columns = [
    [v.name, ...v.lines],
    [`${w.phone} ${v.phone}`, v.email],
    [w.bank, `IBAN ${v.iban}`],
    [registeredLine(model, rng), `${w.vatId} ${v.vatId}`],
  ];
  return (canvas) => {
    const right = canvas.width - MARGIN;
    const top = canvas.height - 84;
    const quarter = (right - MARGIN) / 4;
    canvas.rule(MARGIN, top - 10, right, top - 10, 0.3, 0.5);
    columns.forEach((lines, i) =>
      lines.forEach((line, j) =>
        canvas.text(
          MARGIN + i * quarter,
          top + j * size * 1.3,
          line,
          canvas.fit(line, { size, grey: 0.2 }, quarter - 4),
        ),
      ),
    );
  };
}

export const compactMetaRight: Template = {
  id: 'compact-meta-right',
  type: 'invoice',
  discounts: false,
  locales: ['de-DE', 'de-DE', 'de-DE', 'de-DE', 'nl-NL', 'nl-NL', 'en-GB', 'fr-FR', 'it-IT', 'es-ES'],
  draw(model, rng, fonts) {
    const footerSize = rng.pick([6, 6.5, 7]);
    const { sheets, canvas, size, right, width, height } = start(
      model,
      fonts,
      rng,
      letterFooter(model, rng, footerSize),
    );
    const w2 = secondWords(model);
    const v = model.vendor;
    // A letterhead on most; some letters name the vendor only in the sender line, the closing and the footer.
    if (rng.chance(0.65)) {
      const centred = rng.chance(0.4);
      canvas.text(centred ? width / 2 : right, 62, v.name, {
        size: size * 1.7,
        bold: true,
        align: centred ? 'center' : 'right',
      });
    }
    const sender = `${v.name} · ${v.lines.join(' · ')}`;
    canvas.text(MARGIN, 130, sender, canvas.fit(sender, { size: 6.5 }, 235));
    canvas.rule(MARGIN, 132.5, MARGIN + 235, 132.5, 0.3);
    drawRows(canvas, MARGIN, 150, [model.buyer!.name, ...model.buyer!.lines], { size });
    // The information block: the number may be left to the subject line, the date to a "place, date" line.
    const numberInSubjectOnly = rng.chance(0.4);
    const placeAndDate = rng.chance(0.35);
    const fields: Field[] = keyFields(model, rng, rng.chance(0.5)).filter(
      (f) => !(numberInSubjectOnly && f.value === model.number) && !(placeAndDate && f.value === model.date),
    );
    if (!model.distractors.some((d) => d.kind === 'customerNumber')) {
      fields.splice(1, 0, { label: rng.pick(model.words.customerNumber), value: String(rng.int(10000, 99999)) });
    }
    fields.push({ label: rng.pick(w2.contactPerson), value: personName(rng, model.locale.country) });
    fields.push({ label: model.words.phone, value: v.phone });
    const infoX = width * 0.6;
    const labelWidth = Math.max(...fields.map((f) => canvas.measure(f.label, { size: size * 0.85 })));
    let infoY = 130;
    for (const f of fields) {
      canvas.text(infoX, infoY, f.label, { size: size * 0.85, grey: 0.35 });
      canvas.text(
        infoX + labelWidth + 8,
        infoY,
        f.value,
        canvas.fit(f.value, { size: size * 0.9 }, right - infoX - labelWidth - 8),
      );
      infoY += size * 1.4;
    }
    let y = Math.max(infoY + 20, 270);
    if (placeAndDate) {
      const city = (v.lines[1] ?? '').replace(/^\d{4} [A-Z]{2} /, '').replace(/^[\d\s]+(?=\p{L})/u, '');
      canvas.text(right, y, `${city}, ${model.date}`, { size, align: 'right' });
      y += size * 2;
    }
    const subject = rng.pick(w2.subject).replace('{number}', model.number);
    canvas.text(MARGIN, y, subject, { size: size * 1.15, bold: true });
    y += size * 2.6;
    canvas.text(MARGIN, y, rng.pick(w2.salutation), { size });
    y += size * 1.8;
    canvas.text(MARGIN, y, rng.pick(w2.introduction), { size });
    const bottom = height - FOOT - 40;
    y = drawTable(sheets, model, rng, {
      bottom,
      continueAt: CONTINUE_AT,
      x: MARGIN,
      y: y + size,
      width: right - MARGIN,
      size,
      columns: columnsFor(model, rng, { discountAndTax: false }),
      rules: rng.pick(['header', 'none', 'header']),
      shadedHeader: false,
      boldHeader: true,
      upperHeader: false,
    });
    const end = roomFor(sheets, y, size, bottom - 40);
    y = end.y + 6;
    const labelX = right - 210;
    const rows: Array<[string, string]> = [
      [rng.pick(w2.netAmount), model.subtotal],
      [rng.pick(w2.plusTax).replace('{rate}', model.taxRate), model.tax],
    ];
    y = drawSumRows(end.canvas, rows, [rng.pick(w2.grossTotal), model.total], {
      labelX,
      right: right - 3,
      y,
      size,
      totalScale: 1.05,
    });
    y += size * 3;
    y = drawRows(end.canvas, MARGIN, y, [paymentTerms(model, rng)], { size }) + size;
    drawRows(end.canvas, MARGIN, y, [rng.pick(w2.closing), '', v.name], { size });
    return sheets.pages(pageWord(model), size * 0.8);
  },
};
