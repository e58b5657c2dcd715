// Which record operation a documented webhook or event name stands for: "customer.created",
// "pet_deleted", "PetUpdated", "newPet". The config's sender events are keyed by operation
// (create, update, delete) of one collection, while documents name their events freely. Pure.

export type RecordOperation = 'create' | 'update' | 'delete';

const verbs: readonly (readonly [RecordOperation, RegExp])[] = [
  ['create', /creat|new|add/],
  ['update', /updat|chang|modif|edit/],
  ['delete', /delet|remov|destroy/],
];

// A word that is the verb of an event name, not its record ("news" and "address" are records).
const verbWord = /^(creat|new$|add(ed)?$|updat|chang|modif|edit|delet|remov|destroy)/;

const squeezed = (text: string): string => text.toLowerCase().replace(/[^a-z0-9]/g, '');

/** The operation `eventName` names on a record called `singular` ("pet"), or undefined. */
export function operationOfEvent(eventName: string, singular: string): RecordOperation | undefined {
  const name = squeezed(eventName);
  const record = squeezed(singular);
  if (record === '' || !name.includes(record)) return undefined;
  const rest = name.replace(record, '');
  return verbs.find(([, pattern]) => pattern.test(rest))?.[0];
}

/** The record a name such as "newPet" or "order.created" is about, when it names one of the operations. */
export function recordOfEvent(eventName: string): string | undefined {
  const words = eventName
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== '');
  const nouns = words.filter((word) => !verbWord.test(word));
  return nouns.length === 1 && nouns.length < words.length ? nouns[0] : undefined;
}
