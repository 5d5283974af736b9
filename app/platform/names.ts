import { Profanity } from "@2toad/profanity";
import { normalizeForSearch } from "./text.ts";

/**
 * The word check for names people choose and others read (display names, handles): the
 * maintained English and French list of @2toad/profanity (decision 0062), never a list of ours.
 * Whole words only, so a word inside a longer one passes (Scunthorpe, Concordia, Cockburn,
 * Assiniboine).
 */
const profanity = new Profanity({
  languages: ["en", "fr"],
  wholeWord: true,
  unicodeWordBoundaries: true,
});
// A given name and surname across Canada ("Dick Assiniboine", "Dick's Hardware"), not an insult
// when it stands on its own in a name.
profanity.whitelist.addWords(["dick"]);

/**
 * Whether a name holds no word from the list, as typed (the list spells French words with their
 * accents: "enculé") and with its accents removed (so "fück" is read as the word it hides).
 */
export function isDecentName(name: string): boolean {
  return !profanity.exists(name) && !profanity.exists(normalizeForSearch(name));
}
