// Embedded files of a PDF (Factur-X / ZUGFeRD / XRechnung carry their invoice XML this way). Runs in the sandbox.
import type { PDFDocumentProxy } from 'pdfjs-dist/types/src/display/api.js';
import type { PdfReadLimits, SkippedAttachment } from './types.js';

/** An attachment as it crosses the thread boundary (a Uint8Array; the caller wraps it in a Buffer). */
export interface RawAttachment {
  filename: string;
  content: Uint8Array;
}

interface PdfjsAttachment {
  filename?: unknown;
  rawFilename?: unknown;
  content?: unknown;
}

export async function readAttachments(
  document: PDFDocumentProxy,
  limits: Pick<PdfReadLimits, 'maxAttachmentBytes' | 'maxAttachments'>,
): Promise<{ attachments: RawAttachment[]; skipped: SkippedAttachment[] }> {
  let found: Record<string, PdfjsAttachment> | null;
  try {
    found = (await document.getAttachments()) as Record<string, PdfjsAttachment> | null;
  } catch {
    // A broken name tree loses the attachments, not the document: the text layer is still worth reading.
    return { attachments: [], skipped: [{ filename: '', reason: 'unreadable' }] };
  }
  const attachments: RawAttachment[] = [];
  const skipped: SkippedAttachment[] = [];
  // XML files first, so that an e-invoice is never the one left out by the count limit.
  const entries = Object.entries(found ?? {}).sort(([, p], [, q]) => Number(isXml(q)) - Number(isXml(p)));
  for (const [key, entry] of entries) {
    const filename = safeFilename(entry.filename ?? entry.rawFilename ?? key, attachments.length + skipped.length + 1);
    if (!(entry.content instanceof Uint8Array)) {
      skipped.push({ filename, reason: 'unreadable' });
    } else if (entry.content.byteLength > limits.maxAttachmentBytes) {
      skipped.push({ filename, byteLength: entry.content.byteLength, reason: 'too_large' });
    } else if (attachments.length >= limits.maxAttachments) {
      skipped.push({ filename, byteLength: entry.content.byteLength, reason: 'too_many' });
    } else {
      // A copy of exactly the file's bytes: pdfjs may hand out a view into the whole PDF, and structured clone
      // would copy the whole underlying buffer for every attachment.
      attachments.push({ filename, content: entry.content.slice() });
    }
  }
  return { attachments, skipped };
}

function isXml(entry: PdfjsAttachment): boolean {
  const name = entry.filename ?? entry.rawFilename;
  return typeof name === 'string' && name.toLowerCase().endsWith('.xml');
}

/** The base name only, without control characters, at most 255 characters; a placeholder when nothing is left. */
export function safeFilename(name: unknown, position: number): string {
  const text = typeof name === 'string' ? name : '';
  const base = text.split(/[/\\]/u).at(-1) ?? '';
  const clean = base
    // eslint-disable-next-line no-control-regex -- matching control characters is the point
    .replace(/[\u0000-\u001f\u007f]/gu, '')
    .trim()
    .slice(0, 255);
  return clean === '' || clean === '.' || clean === '..' ? `attachment-${position}` : clean;
}
