// When a document deserves a second, costlier reading. OCR of the images on a PDF's text pages costs about 0.4 s
// per document; it is worth it only when the text layer did not give what images typically hold: the vendor's
// name, printed in its logo. The worker and the accuracy benchmark share this rule.

/** True when an extraction result has a vendor_name field and it is empty. */
export function lacksVendorName(data: unknown): boolean {
  if (typeof data !== 'object' || data === null) return false;
  const summary = (data as { summary_data?: unknown }).summary_data;
  if (typeof summary !== 'object' || summary === null || !('vendor_name' in summary)) return false;
  return (summary as { vendor_name: unknown }).vendor_name === null;
}
