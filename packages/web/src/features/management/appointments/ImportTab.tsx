import { Alert, Button, FileInput, Group, ScrollArea, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ImportResult } from '@wartefrei/shared';
import { api, ApiRequestError } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';
import { browserToday } from '../../../lib/browser-date';
import { messageOf } from '../../../lib/forms';
import { FormAlert } from '../../../ui/FormAlert';
import { practiceSealingKey } from '../../encryption/sealing';
import { useEncryption } from '../../encryption/useEncryption';
import { previewCsv } from './csv-preview';

type Check = { kind: 'ok'; rows: number } | { kind: 'invalid'; problems: Map<number, string> } | { kind: 'failed'; message: string } | { kind: 'imported'; count: number };

const importCsv = (csv: string, dryRun: boolean) =>
  api.post<ImportResult>('/appointments/import', undefined, { query: { dry_run: dryRun ? 'true' : undefined }, rawBody: { content: csv, type: 'text/csv' }, silent: true });

const describe = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([field, code]) => `${field}: ${messageOf(field, code)}`)
    .join('; ');

/**
 * The file as it goes to the server: as chosen, or while the practice encrypts, parsed, checked
 * and sealed in this browser (seal-import.ts, a chunk of its own), with the lines the server will
 * name mapped back to the chosen file's. `problems`: what only this browser could check.
 */
async function fileToSend(csv: string): Promise<{ csv: string; lineOf?: Map<number, number>; problems?: Map<number, string> }> {
  const key = await practiceSealingKey();
  if (!key) return { csv };
  const { sealImport } = await import('./seal-import');
  const sealed = await sealImport(csv, key, browserToday());
  if (sealed.problems.size > 0) return { csv, problems: new Map([...sealed.problems].map(([line, fields]) => [line, describe(fields)])) };
  return { csv: sealed.csv, lineOf: sealed.lineOf };
}

/**
 * The CSV import (`POST /appointments/import`): choose or paste a file, see its first rows, let
 * the server check every row (a dry run: nothing kept), see each faulty line's problems, then
 * take them over — all or none.
 */
export function ImportTab() {
  const { t } = useTranslation(['appointments', 'management']);
  const client = useQueryClient();
  const [csv, setCsv] = useState('');
  const [check, setCheck] = useState<Check>();
  const [busy, setBusy] = useState(false);
  const encrypting = useEncryption().state.data?.enabled === true;
  const preview = csv.trim() ? previewCsv(csv) : undefined;

  const run = async (dryRun: boolean) => {
    setBusy(true);
    let lineOf: Map<number, number> | undefined;
    try {
      const sending = await fileToSend(csv);
      if (sending.problems) return setCheck({ kind: 'invalid', problems: sending.problems });
      lineOf = sending.lineOf;
      const result = await importCsv(sending.csv, dryRun);
      if (dryRun) setCheck({ kind: 'ok', rows: result.rows });
      else {
        setCheck({ kind: 'imported', count: result.imported });
        await client.invalidateQueries({ queryKey: queryKeys.appointments.all });
      }
    } catch (error) {
      const rows = error instanceof ApiRequestError ? error.body?.rows : undefined;
      if (rows)
        setCheck({
          kind: 'invalid',
          problems: new Map(
            rows.map((row) => [
              lineOf?.get(row.line) ?? row.line,
              Object.entries(row.fields)
                .map(([field, problem]) => `${field}: ${problem.message}`)
                .join('; '),
            ]),
          ),
        });
      else setCheck({ kind: 'failed', message: error instanceof Error ? error.message : String(error) });
    } finally {
      setBusy(false);
    }
  };
  const change = (text: string) => {
    setCsv(text);
    setCheck(undefined);
  };
  const problems = check?.kind === 'invalid' ? check.problems : undefined;

  return (
    <Stack gap="md">
      <Text maw={720}>{t('manage.import.intro')}</Text>
      <Text size="sm" maw={720}>
        {t('manage.import.columns')}
      </Text>
      {encrypting && <FormAlert tone="info">{t('manage.import.sealed')}</FormAlert>}
      <Group align="flex-end">
        <FileInput label={t('manage.import.file')} accept=".csv,text/csv" clearable w={320} onChange={(file) => void file?.text().then(change)} />
      </Group>
      <Textarea
        label={t('manage.import.text')}
        autosize
        minRows={4}
        maxRows={12}
        value={csv}
        onChange={(e) => change(e.currentTarget.value)}
        styles={{ input: { fontFamily: 'monospace' } }}
      />
      <Group>
        <Button variant="default" onClick={() => void run(true)} loading={busy && check === undefined} disabled={!preview || preview.total === 0}>
          {t('manage.import.check')}
        </Button>
        {check?.kind === 'ok' && (
          <Button onClick={() => void run(false)} loading={busy}>
            {t('manage.import.import', { count: check.rows })}
          </Button>
        )}
      </Group>
      {preview && preview.total === 0 && <Alert color="yellow">{t('manage.import.empty')}</Alert>}
      {check?.kind === 'ok' && <FormAlert tone="info">{t('manage.import.ok', { count: check.rows })}</FormAlert>}
      {check?.kind === 'invalid' && <FormAlert tone="error">{t('manage.import.invalid', { count: check.problems.size })}</FormAlert>}
      {check?.kind === 'failed' && <FormAlert tone="error">{check.message}</FormAlert>}
      {check?.kind === 'imported' && <FormAlert tone="success">{t('manage.import.imported', { count: check.count })}</FormAlert>}
      {preview && preview.total > 0 && (
        <section aria-labelledby="import-preview-title">
          <Title order={2} size="h4" id="import-preview-title" mb="xs">
            {t('manage.import.preview')}
          </Title>
          <ScrollArea>
            <Table striped withTableBorder>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('manage.import.line')}</Table.Th>
                  {preview.columns.map((column) => (
                    <Table.Th key={column}>{column}</Table.Th>
                  ))}
                  {problems && <Table.Th>{t('manage.import.problems')}</Table.Th>}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {preview.rows.map((row) => (
                  <Table.Tr key={row.line} data-line={row.line} bg={problems?.has(row.line) ? 'red.0' : undefined}>
                    <Table.Td>{row.line}</Table.Td>
                    {preview.columns.map((column, i) => (
                      <Table.Td key={column}>{row.cells[i] ?? ''}</Table.Td>
                    ))}
                    {problems && <Table.Td c="red.9">{problems.get(row.line) ?? ''}</Table.Td>}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>
          {preview.total > preview.rows.length && <Text size="sm">{t('manage.import.more', { count: preview.total - preview.rows.length })}</Text>}
        </section>
      )}
    </Stack>
  );
}
