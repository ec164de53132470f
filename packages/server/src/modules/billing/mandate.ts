/**
 * The SEPA direct debit mandate as the admin reads it before adding a bank account (Stripe's
 * wording for SEPA mandates, with us as the creditor). Its acceptance is recorded with this text.
 */
export function sepaMandateText(): string {
  return (
    'Ich ermächtige / Wir ermächtigen (A) wartefrei und Stripe, unseren Zahlungsdienstleister, ' +
    'Zahlungen von meinem / unserem Konto mittels Lastschrift einzuziehen. Zugleich (B) weise ich ' +
    'mein / weisen wir unser Kreditinstitut an, die von wartefrei auf mein / unser Konto gezogenen ' +
    'Lastschriften einzulösen. Hinweis: Ich kann / Wir können innerhalb von acht Wochen, beginnend ' +
    'mit dem Belastungsdatum, die Erstattung des belasteten Betrages verlangen. Es gelten dabei die ' +
    'mit meinem / unserem Kreditinstitut vereinbarten Bedingungen.'
  );
}
