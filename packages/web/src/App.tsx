import { useSystemInformation, type SystemStatus } from './useSystemInformation';

function StatusText({ status }: { status: SystemStatus }) {
  switch (status.state) {
    case 'loading':
      return <>Wird geladen…</>;
    case 'error':
      return <>Server nicht erreichbar</>;
    case 'ok':
      return (
        <>
          Server erreichbar · Version <code data-testid="version-hash">{status.versionHash}</code>
        </>
      );
  }
}

export function App() {
  const status = useSystemInformation();

  return (
    <>
      <header className="site-header">
        <div className="container">
          <h1>wartefrei</h1>
          <p className="tagline">Die digitale Warteliste für Praxen</p>
        </div>
      </header>

      <main className="container" id="main">
        <p className="lead">
          Mit wartefrei ziehen Patientinnen und Patienten eine Wartenummer per QR-Code oder am Terminal in der Praxis und
          verfolgen auf dem Handy, wann sie an der Reihe sind. Das Praxisteam ruft die nächste Person mit einem Klick auf.
        </p>
        <p>
          Für Entwicklerinnen und Entwickler: <a href="/docs">API-Dokumentation</a>
        </p>
      </main>

      <footer className="site-footer">
        <div className="container">
          <p className="status" role="status" data-state={status.state}>
            <StatusText status={status} />
          </p>
        </div>
      </footer>
    </>
  );
}
