// Table and class codes as people read and type them (docs/protocol.md, Wrong codes and
// tokens). A code is kept, and goes into links and requests, as ten characters without
// dashes (KQMXTRPAWN); it is shown in groups (KQM-XTRP-AWN) and typed in any case, with
// spaces and dashes. Tables and classes made before codes had ten characters keep their
// six (KXQMRT, KXM428), shown as they are.

export const TABLE_CODE = /^(?:[A-Z]{10}|[A-Z]{6})$/;
export const CLASS_CODE = /^(?:[A-HJ-NP-Z]{7}|[A-HJ-NP-Z]{3})[2-9]{3}$/;

// The code as kept: what the server's tokens.normal_code makes of it.
export const normalCode = (text) => String(text || "").replace(/[\s\-\u2010-\u2015\u2212]+/g, "").toUpperCase();

// The code as shown: three groups (3-4-3) for one of ten characters.
export const shownCode = (code) => (code && code.length === 10 ? `${code.slice(0, 3)}-${code.slice(3, 7)}-${code.slice(7)}` : code);
