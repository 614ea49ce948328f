/** Names common in the Sahel enabler's villages: the demo members' and the benchmarks' made-up farmers. */
export const sahelFirstNames = [
  'Awa',
  'Moussa',
  'Fatou',
  'Ibrahima',
  'Aïssatou',
  'Mamadou',
  'Khady',
  'Ousmane',
  'Ndèye',
  'Cheikh',
] as const;

export const sahelLastNames = [
  'Diop',
  'Ndiaye',
  'Sarr',
  'Fall',
  'Ba',
  'Sène',
  'Faye',
  'Gueye',
  'Diouf',
  'Cissé',
] as const;
