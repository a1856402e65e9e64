// The pdfjs entry points, named once: the main thread only passes these names to the sandbox (pdfjs itself is loaded
// in the worker threads).
export const PDFJS_MODULE = 'pdfjs-dist/legacy/build/pdf.mjs';
export const PDFJS_WORKER_MODULE = 'pdfjs-dist/legacy/build/pdf.worker.mjs';
