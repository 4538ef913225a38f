import { CATALOG, MODULE_IDS } from '#contract/catalog';

/** Placeholder shell until the workspace arrives: names the product and its modules. */
export function App() {
  return (
    <main className="placeholder">
      <h1>Marketplace analyst dashboard</h1>
      <p>
        Query the Marketplace Data Query Service: 13F institutional holdings and the CRM marketplace
        data around them. The workspace is being built; the API is live.
      </p>
      <h2>Modules</h2>
      <ul>
        {MODULE_IDS.map((id) => (
          <li key={id}>
            <strong>{CATALOG[id].label}</strong> <code>{id}</code>: {CATALOG[id].summary}
          </li>
        ))}
      </ul>
    </main>
  );
}
