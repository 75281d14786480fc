// Table and class codes as people read and type them (docs/protocol.md, Wrong codes and
// tokens). A code is kept, and goes into links and requests, as twelve characters without
// dashes (KQMXTRPAWNLB); it is shown in three groups of four (KQMX-TRPA-WNLB) and typed in
// any case, with spaces and dashes. Tables and classes made before codes had twelve
// characters keep their six (KXQMRT, KXM428), shown as they are.

export const TABLE_CODE = /^(?:[A-Z]{12}|[A-Z]{6})$/;
export const CLASS_CODE = /^(?:[A-HJ-NP-Z]{9}|[A-HJ-NP-Z]{3})[2-9]{3}$/;

// The code as kept: what the server's tokens.normal_code makes of it.
export const normalCode = (text) => String(text || "").replace(/[\s\-\u2010-\u2015\u2212]+/g, "").toUpperCase();

// The code as shown: three groups of four for one of twelve characters.
export const shownCode = (code) => (code && code.length === 12 ? `${code.slice(0, 4)}-${code.slice(4, 8)}-${code.slice(8)}` : code);
