"""Generated inputs of the structured-identifier fast path benchmark (seeded; nothing is committed).

- PII sentences: Faker values of eight structured types (cards, phones, dates, e-mails, SSNs, IBANs,
  driving licences, IP addresses) in short everyday sentences, one to three values each, with gold
  character spans; a quarter of the sentences hold none (distractors full of other numbers).
- A log-like file: web server access lines (client IP, timestamp, request, user agent) and application
  lines (ISO timestamps, levels, user ids, e-mails, IPs, session tokens, request ids), written line by line
  to any size (`--mb`), so a gigabyte costs no memory.

    python benchmarks/fast_path_data.py sentences OUT.jsonl [--n 2109] [--seed 33]
    python benchmarks/fast_path_data.py logs OUT.log [--mb 20] [--seed 33]
"""
import argparse
import json
import random
import string
import sys
from typing import Dict, Iterator, List, Tuple

TEMPLATES: Dict[str, List[str]] = {
    "CARD": ["The refund went to card {v} last week.", "Charge {v} for the deposit.", "Card number: {v}",
             "Please update the card on file ({v}) before Friday.", "Visa {v} was declined twice."],
    "PHONE": ["You can reach me on {v} after six.", "Her mobile is {v}.", "Tel.: {v}", "Call {v} to confirm.",
              "If nobody answers, try {v} instead."],
    "DATE": ["The contract was signed on {v}.", "Date of birth: {v}", "We last met on {v} in the office.",
             "Payment is due {v}.", "Admitted {v}, discharged two days later."],
    "EMAIL": ["Write to {v} with the scans.", "cc: {v}", "Send the invoice to {v} please.",
              "Her address is {v} if you need it."],
    "SSN": ["Social security no. {v} is on the form.", "SSN: {v}", "His SSN {v} was in the export."],
    "IBAN": ["Please wire the fee to {v} by Monday.", "IBAN: {v}", "Beneficiary account {v} (joint)."],
    "LICENCE": ["Driving licence number {v} expires next year.", "Licence: {v}", "DVLA licence {v} was checked."],
    "IP": ["Login from {v} was blocked.", "The printer sits at {v} on the LAN.", "Origin IP {v}."],
}
DISTRACTORS = [
    "Order {n9} ships in 3-5 days and costs $1,249.99.", "The invoice covers 12 items at 19.5% VAT.",
    "Room 1402, floor 14, building 7.", "Tracking number {n12} was scanned in Leeds.",
    "Model XR-4410 runs firmware 3.14.", "The values were 0.332, 0.871 and 1.002 mmol/l.",
    "Ticket {n10} for seat 23B.", "The meeting moved to the second floor.",
]
LOCALES = ("en_US", "en_GB", "de_DE", "fr_FR", "es_ES", "nl_NL", "en_AU")


def _licence(rng: random.Random, surname: str) -> str:
    """A GB driving licence number of the DVLA shape (surname, birth digits, initials, check)."""
    name = "".join(c for c in surname.upper() if c.isalpha())[:5].ljust(5, "9")
    year, month, day = rng.randrange(50, 99), rng.randrange(1, 13), rng.randrange(1, 29)
    month += 50 * rng.randrange(2)
    return (f"{name}{str(year)[0]}{month:02d}{day:02d}{str(year)[1]}"
            f"{rng.choice(string.ascii_uppercase)}{rng.choice(string.ascii_uppercase)}9"
            f"{rng.choice(string.ascii_uppercase)}{rng.choice(string.ascii_uppercase)}")


def pii_sentences(n: int = 2109, seed: int = 33) -> List[dict]:
    """`n` records {"text", "spans": [[start, end, type]]} (seeded)."""
    from faker import Faker

    rng = random.Random(seed)
    fakers = {loc: Faker(loc) for loc in LOCALES}
    for i, f in enumerate(fakers.values()):
        f.seed_instance(seed + i)
    us = fakers["en_US"]
    date_formats = ("%d/%m/%Y", "%Y-%m-%d", "%B %d, %Y", "%d %B %Y", "%m/%d/%Y", "%d.%m.%Y")
    makers = {
        "CARD": lambda f: us.credit_card_number(),
        "PHONE": lambda f: f.phone_number(),
        "DATE": lambda f: us.date_between("-60y", "+2y").strftime(rng.choice(date_formats)),
        "EMAIL": lambda f: f.email(),
        "SSN": lambda f: us.ssn(),
        "IBAN": lambda f: f.iban(),
        "LICENCE": lambda f: _licence(rng, fakers["en_GB"].last_name()),
        "IP": lambda f: us.ipv4() if rng.random() < 0.8 else us.ipv6(),
    }
    records = []
    for _ in range(n):
        if rng.random() < 0.25:
            text = rng.choice(DISTRACTORS).format(n9=rng.randrange(10**8, 10**9), n10=rng.randrange(10**9, 10**10),
                                                  n12=rng.randrange(10**11, 10**12))
            records.append({"text": text, "spans": []})
            continue
        parts, spans, pos = [], [], 0
        for _k in range(rng.choice((1, 1, 1, 2, 2, 3))):
            etype = rng.choice(list(TEMPLATES))
            value = makers[etype](fakers[rng.choice(LOCALES)])
            template = rng.choice(TEMPLATES[etype])
            start = pos + template.index("{v}")
            sentence = template.replace("{v}", value)
            spans.append([start, start + len(value), etype])
            parts.append(sentence)
            pos += len(sentence) + 1
        records.append({"text": " ".join(parts), "spans": spans})
    return records


AGENTS = ["Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36",
          "Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0", "curl/8.4.0",
          "python-requests/2.31.0"]
PATHS = ["/", "/login", "/api/v2/orders", "/static/app.js", "/account/settings", "/search?q=shoes&page=2",
         "/api/v2/users/{uid}/profile", "/checkout/confirm"]
EVENTS = ["login ok user_id={uid} email={email} ip={ip}", "password reset requested for {email} from {ip}",
          "payment captured order={order} user={uid} amount=49.99 EUR",
          "session started sid={token} user_id={uid} client={ip}",
          "rate limit exceeded for {ip} ({n} requests in 60s)", "export finished rows={n} duration_ms={ms}",
          "auth failed for user {email}: bad token Bearer {token}",
          "contact updated user={uid} phone={phone}", "cache miss key=user:{uid}:cart ttl=300"]


def log_lines(seed: int = 33) -> Iterator[str]:
    """An endless, seeded stream of web server and application log lines."""
    from faker import Faker

    rng = random.Random(seed)
    fake = Faker("en_US")
    fake.seed_instance(seed)
    emails = [fake.email() for _ in range(500)]
    phones = [fake.phone_number() for _ in range(200)]
    ips = [fake.ipv4() for _ in range(800)]
    months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    token_chars = string.ascii_letters + string.digits
    while True:
        uid = f"u{rng.randrange(10**5, 10**6)}"
        day, hour, minute, sec = rng.randrange(1, 29), rng.randrange(24), rng.randrange(60), rng.randrange(60)
        if rng.random() < 0.5:
            path = rng.choice(PATHS).format(uid=uid)
            yield (f'{rng.choice(ips)} - - [{day:02d}/{rng.choice(months)}/2024:{hour:02d}:{minute:02d}:{sec:02d} '
                   f'+0000] "GET {path} HTTP/1.1" {rng.choice((200, 200, 200, 302, 404, 500))} '
                   f'{rng.randrange(200, 90000)} "-" "{rng.choice(AGENTS)}"')
        else:
            event = rng.choice(EVENTS).format(
                uid=uid, email=rng.choice(emails), ip=rng.choice(ips), order=rng.randrange(10**6, 10**7),
                token="".join(rng.choice(token_chars) for _ in range(32)), n=rng.randrange(1, 5000),
                ms=rng.randrange(1, 9000), phone=rng.choice(phones))
            yield (f"2024-03-{day:02d}T{hour:02d}:{minute:02d}:{sec:02d}.{rng.randrange(1000):03d}Z "
                   f"{rng.choice(('INFO', 'INFO', 'WARN', 'ERROR'))} [{rng.choice(('auth', 'api', 'billing', 'worker'))}] "
                   f"req={rng.randrange(16**8):08x} {event}")


def write_log(path: str, mb: float, seed: int = 33) -> int:
    """Write about `mb` megabytes of log lines to `path`; RETURNS the characters written."""
    limit, written = int(mb * 1_000_000), 0
    with open(path, "w", encoding="utf-8") as fh:
        for line in log_lines(seed):
            fh.write(line + "\n")
            written += len(line) + 1
            if written >= limit:
                break
    return written


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("kind", choices=("sentences", "logs"))
    parser.add_argument("out")
    parser.add_argument("--n", type=int, default=2109)
    parser.add_argument("--mb", type=float, default=20.0)
    parser.add_argument("--seed", type=int, default=33)
    args = parser.parse_args(argv)
    if args.kind == "sentences":
        with open(args.out, "w", encoding="utf-8") as fh:
            for record in pii_sentences(args.n, args.seed):
                fh.write(json.dumps(record, ensure_ascii=False) + "\n")
    else:
        write_log(args.out, args.mb, args.seed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
