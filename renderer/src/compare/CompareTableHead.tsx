// The head of Compare's side-by-side tables (load, allocations): A, B, the
// change, its percent, and how sure it is.
export function CompareTableHead() {
  return (
    <thead>
      <tr>
        <th scope="col" />
        <th scope="col" className="num">A</th>
        <th scope="col" className="num">B</th>
        <th scope="col" className="num">change</th>
        <th scope="col" className="num">%</th>
        <th scope="col">how sure</th>
      </tr>
    </thead>
  );
}
