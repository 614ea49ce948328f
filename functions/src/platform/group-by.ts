/** Items by a key of theirs, each group in the items' order (Map.groupBy, which Node 20 lacks). */
export const groupBy = <Item, Key>(
  items: Iterable<Item>,
  key: (item: Item, index: number) => Key,
): Map<Key, Item[]> => {
  const groups = new Map<Key, Item[]>();
  let index = 0;
  for (const item of items) {
    const value = key(item, index);
    index += 1;
    const group = groups.get(value);
    if (group) group.push(item);
    else groups.set(value, [item]);
  }
  return groups;
};
