// Filled in by the translation step; missing keys fall back to English.
export default {};
