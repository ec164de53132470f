import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { exportPublicKey, generateKeyPair, sealTargets, unseal } from '@wartefrei/shared';
import { sealImport } from './seal-import';

// While the practice encrypts, the import's patient data leaves this browser only sealed: the
// file sent has `sealed_data` in place of the name columns, and faulty rows keep their lines.
describe('sealImport', () => {
  it('seals each row’s patient data and keeps the rest as it was', async () => {
    const pair = await generateKeyPair();
    const key = { key_id: 'key-1', public_key: await exportPublicKey(pair.publicKey) };
    const file = [
      '\uFEFFAppointment_Type_ID;Start;Last_Name;First_Name;Mail;Description',
      't1;2026-03-31 08:00;Berg;Anna;anna@example.com;"Husten; seit Montag"',
      '',
      't1;2026-03-31 09:00;Klein;;;',
    ].join('\r\n');

    const sealed = await sealImport(file, key, '2026-03-30');

    expect(sealed.problems.size).toBe(0);
    expect(sealed.csv).not.toMatch(/Berg|Anna|Husten|Klein/);
    const sent = parse<Record<string, string>>(sealed.csv, { columns: true });
    expect(Object.keys(sent[0]!)).toEqual(['appointment_type_id', 'start', 'mail', 'sealed_data', 'record_id']);
    expect(sent.map((row) => row.mail)).toEqual(['anna@example.com', '']);
    // Each row's text is bound to the appointment id chosen for it, sent beside it.
    const at = (row: Record<string, string>) => sealTargets('appointment', row.record_id!);
    expect(sent[0]!.record_id).not.toBe(sent[1]!.record_id);
    expect(await unseal(sent[0]!.sealed_data!, pair.privateKey, 'key-1', at(sent[0]!))).toEqual({ first_name: 'Anna', last_name: 'Berg', description: 'Husten; seit Montag' });
    expect(await unseal(sent[1]!.sealed_data!, pair.privateKey, 'key-1', at(sent[1]!))).toEqual({ last_name: 'Klein' });
    await expect(unseal(sent[1]!.sealed_data!, pair.privateKey, 'key-1', at(sent[0]!))).rejects.toThrow('TAMPERED');
    // Sent lines 2 and 3 are lines 2 and 4 of the chosen file (an empty line between them).
    expect([...sealed.lineOf]).toEqual([
      [1, 1],
      [2, 2],
      [3, 4],
    ]);
  });

  it('names what the server cannot see: a missing name, a wrong birth date or insurance number', async () => {
    const pair = await generateKeyPair();
    const key = { key_id: 'key-1', public_key: await exportPublicKey(pair.publicKey) };
    const file =
      'appointment_type_id,start,last_name,birth_date,insurance_number\nt1,2026-03-31 08:00,,1980-01-01,\nt1,2026-03-31 09:00,Berg,2999-01-01,1234010180\nt1,2026-03-31 10:00,Gut,,\n';

    const sealed = await sealImport(file, key, '2026-03-30');

    expect(Object.fromEntries(sealed.problems)).toEqual({ 2: { last_name: 'REQUIRED' }, 3: { birth_date: 'BIRTH_DATE_FUTURE', insurance_number: 'SVNR_CHECK_DIGIT' } });
    expect(sealed.rows).toBe(3);
  });
});
