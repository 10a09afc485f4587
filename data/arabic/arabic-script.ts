/** Letters of the Arabic script (Arabic, Urdu, Persian…): its main block, the supplement and extended-A. */
export const ARABIC_SCRIPT = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF]/;
