// The classroom's endpoints (docs/classroom.md) and what the browser keeps of a class:
// the teacher's class and token, or the pupil's.

import { ApiError } from "./api.js";

const TEACHER_KEY = "geodeck.classTeacher";
const PUPIL_KEY = "geodeck.classPupil";

export const REFRESH_MS = 3000;

async function classCall(method, path, token, body) {
  const headers = {};
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const csv = (response.headers.get("Content-Type") || "").startsWith("text/csv");
  let data = null;
  try {
    data = csv && response.ok ? await response.text() : await response.json();
  } catch {
    data = null;
  }
  if (!response.ok) {
    const error = (data && data.error) || {};
    throw new ApiError(error.code || "http/error", error.message || response.statusText, response.status);
  }
  return data;
}

const at = (code, tail = "") => `/api/classes/${encodeURIComponent(code)}${tail}`;

export const openClass = (body) => classCall("POST", "/api/classes", null, body);
export const joinClass = (code, name) => classCall("POST", at(code, "/pupils"), null, { name });
export const startPractice = (code, token, body) => classCall("POST", at(code, "/practice"), token, body);
export const startGames = (code, token, body) => classCall("POST", at(code, "/games"), token, body);
export const classSheet = (code, token) => classCall("GET", at(code, "/sheet"), token);
export const classCsv = (code, token) => classCall("GET", at(code, "/sheet.csv"), token);
export const endClass = (code, token) => classCall("DELETE", at(code), token);
export const pupilMe = (code, token) => classCall("GET", at(code, "/me"), token);
export const postAnswers = (code, token, answers) => classCall("POST", at(code, "/answers"), token, { answers });

function read(key) {
  try {
    const value = JSON.parse(localStorage.getItem(key));
    return value && typeof value.code === "string" && typeof value.token === "string" ? value : null;
  } catch {
    return null;
  }
}

function write(key, value) {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // storage may be off; the page works until a reload
  }
}

export const teacherClass = () => read(TEACHER_KEY);
export const keepTeacherClass = (value) => write(TEACHER_KEY, value);
export const pupilClass = () => read(PUPIL_KEY);
export const keepPupilClass = (value) => write(PUPIL_KEY, value);

// A class code: nine letters and three digits, or three and three for a class opened
// before (codes.js; a table code has letters only).
export { CLASS_CODE } from "./codes.js";
