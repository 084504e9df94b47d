/** How many rows of the list `list` a form posted (`list[0].a`, `list[3].b` → 4), the row numbers as sent. */
export function postedRowCount(formData: FormData, list: string): number {
  const pattern = new RegExp(`^${list}\\[(\\d{1,2})\\]\\.`);
  let rows = 0;
  for (const key of formData.keys()) {
    const match = pattern.exec(key);
    if (match) rows = Math.max(rows, Number(match[1]) + 1);
  }
  return rows;
}
