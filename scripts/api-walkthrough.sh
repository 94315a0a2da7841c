#!/usr/bin/env bash
# The whole API flow by curl, with the spec's headers, against a running server:
#   npm start &  then  bash scripts/api-walkthrough.sh [http://127.0.0.1:8080]
# Needs curl and jq. Prints each call and its answer (Markdown-friendly).
set -euo pipefail
BASE="${1:-http://127.0.0.1:8080}"
DEVICE="$(cat /proc/sys/kernel/random/uuid)"
H=(-H 'X-Requested-With: XMLHttpRequest' -H 'Content-Type: application/json' -H "Device-ID: $DEVICE")

call() { # method path [json]
  local method="$1" path="$2" body="${3:-}"
  echo "\$ curl -X $method $path${body:+ -d '$body'}" >&2
  if [ -n "$body" ]; then
    curl -sS -X "$method" "${H[@]}" "$BASE$path" -d "$body"
  else
    curl -sS -X "$method" "${H[@]}" "$BASE$path"
  fi
}
show() { jq -c "$@" >&2; echo >&2; }

echo '## 1. Create an event with three people' >&2
event=$(call POST /api/events '{"name":"Lisbon trip","currency_id":"EUR","users":[{"name":"Ana"},{"name":"Ben"},{"name":"Chloé"}],"currency_rates":[{"currency_id":"USD","exchange_rate":0.92}]}')
echo "$event" | show '.data | {id, name, currency_id, currency_rates, users: [.users[].name]}'
ID=$(echo "$event" | jq -r .data.id)
ANA=$(echo "$event" | jq -r '.data.users[] | select(.name=="Ana") | .id')
BEN=$(echo "$event" | jq -r '.data.users[] | select(.name=="Ben") | .id')
CHLOE=$(echo "$event" | jq -r '.data.users[] | select(.name=="Chloé") | .id')
DINNER=$(cat /proc/sys/kernel/random/uuid)
TAXI=$(cat /proc/sys/kernel/random/uuid)

echo '## 2. A dinner of 95.00 EUR paid by Ana (60.00) and Ben (35.00), split evenly among three' >&2
dinner="{\"id\":\"$DINNER\",\"title\":\"Dinner\",\"date\":\"2026-11-20\",\"amount\":9500,\"currency_id\":\"EUR\",\"category\":\"food\",\"payer\":[{\"user_id\":\"$ANA\",\"amount\":6000},{\"user_id\":\"$BEN\",\"amount\":3500}],\"participant\":[{\"user_id\":\"$ANA\",\"amount\":3166},{\"user_id\":\"$BEN\",\"amount\":3167},{\"user_id\":\"$CHLOE\",\"amount\":3167}],\"split\":{\"mode\":\"evenly\"}}"
call POST "/api/event/$ID/expenditure" "$dinner" | show '.data | {id, title, amount, currency_id, payer, participant}'

echo '## 3. A taxi of 40.00 USD paid by Chloé for Ana and Chloé (event rate: 1 USD = 0.92 EUR)' >&2
taxi="{\"id\":\"$TAXI\",\"title\":\"Taxi\",\"date\":\"2026-11-20\",\"amount\":4000,\"currency_id\":\"USD\",\"category\":\"transport\",\"payer\":[{\"user_id\":\"$CHLOE\",\"amount\":4000}],\"participant\":[{\"user_id\":\"$ANA\",\"amount\":2000},{\"user_id\":\"$CHLOE\",\"amount\":2000}]}"
call POST "/api/event/$ID/expenditure" "$taxi" | show '.data | {id, title, amount, currency_id}'

echo '## 4. Ben pays Ana 10.00 EUR' >&2
call POST "/api/event/$ID/payments" "{\"payer_id\":\"$BEN\",\"payee_id\":\"$ANA\",\"amount\":1000,\"title\":\"Cash\"}" \
  | show '.data | {payer_name, payee_name, amount, currency_id, date}'

echo '## 5. Read the event' >&2
call GET "/api/events/$ID" | show '.data | {name, people: (.users|length), expenditures: [.expenditures[].title], payments: (.payments|length)}'

echo '## 6. Balances and the suggested transfers (the balances sum to zero)' >&2
balances=$(call GET "/api/events/$ID/balances")
echo "$balances" | show '.data | {currency_id, balances: [.balances[] | {user_id, balance}], settlements, missing_rates, sum: ([.balances[].balance] | add)}'

echo '## 7. Re-post the dinner: the same content changes nothing (200), new content updates it (200)' >&2
call POST "/api/event/$ID/expenditure" "$dinner" | show '{title: .data.title, updated_at: .data.updated_at}'
call POST "/api/event/$ID/expenditure" "${dinner/\"Dinner\"/\"Dinner at Ramiro\"}" | show '{title: .data.title, updated_at: .data.updated_at}'

echo '## 8. Delete the taxi and see it gone' >&2
call DELETE "/api/event/$ID/expenditure/$TAXI" | show '.data | {title, deleted_at}'
call GET "/api/events/$ID" | show '.data | {expenditures: [.expenditures[].title]}'

echo '## 9. Settle up: book every suggested transfer as a payment; every balance is then zero' >&2
for row in $(call GET "/api/events/$ID/balances" | jq -c '.data.settlements[]'); do
  call POST "/api/event/$ID/payments" "{\"payer_id\":$(echo "$row" | jq .from_user_id),\"payee_id\":$(echo "$row" | jq .to_user_id),\"amount\":$(echo "$row" | jq .amount),\"title\":\"Settle up\"}" \
    | show '.data | {payer_name, payee_name, amount}'
done
call GET "/api/events/$ID/balances" | show '.data | {balances: [.balances[].balance], settlements}'

echo '## 10. The activity history, newest first' >&2
call GET "/api/events/$ID/activity" | show '.data[] | {entity, action, device_id: (.device_id[0:8] + "…"), title: (.after.title // .before.title // .after.name // .before.name)}'
