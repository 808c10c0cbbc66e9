"""Credentials in text: passwords, API keys and tokens after a keyword, and key formats that need none."""
from spacy_anon.rules.recognizers.base import Recognizer, compile_patterns


# ---------------------------------------------------------------- ID: credentials in text
# "password: hunter2", "pwd=...", "api_key = sk_live_...", "token: ...": the value after a credential
# keyword and ":" or "=" is the span (the keyword alone is not a secret). Labelled ID: a credential
# identifies and opens an account, and ID is a direct identifier, so it is always masked. Also
# well-known key formats that need no keyword (AWS, GitHub, Stripe, Slack, Google).
_SECRET_KEYWORDS = (
    r"pass(?:word|wd|phrase|code)|pwd|api[_\- ]?key|apikey|(?:client|app|consumer)[_\- ]?secret|"
    r"secret(?:[_\- ]?key)?|(?:access|auth|bearer|refresh|session|api)[_\- ]?token|token|private[_\- ]?key|"
    r"contrase[ñn]a|clave de acceso|senha|palavra[_\- ]passe"
)
# up to a space, a quote, a comma or semicolon, or the "&" of the next URL parameter ("&next=")
_SECRET_VALUE = r"(?:[^\s\"'`,;&<>]|&(?![A-Za-z_]\w{0,30}=)){1,199}[^\s\"'`,;&<>.:!?)\]}]"
CREDENTIAL = Recognizer(
    name="rules.credential",
    label="ID",
    type="CREDENTIAL",
    patterns=compile_patterns([
        (rf"(?i)(?=[a-z])(?<![\w\-])(?:{_SECRET_KEYWORDS})[\"']?[ \t]{{0,3}}[:=][ \t]{{0,3}}[\"']?"
         rf"({_SECRET_VALUE})", 0.8, 1),
        (r"(?i)\bbearer[ \t]{1,3}([A-Za-z0-9\-._~+/]{16,500}=*)", 0.8, 1),
        (r"(?<![\w\-])(?:AKIA|ASIA)[0-9A-Z]{16}(?![\w\-])", 0.8, 0),
        (r"(?<![\w\-])gh[pousr]_[A-Za-z0-9]{36}(?![\w\-])", 0.8, 0),
        (r"(?<![\w\-])[sr]k_(?:live|test)_[0-9A-Za-z]{16,99}(?![\w\-])", 0.8, 0),
        (r"(?<![\w\-])xox[abprs]-[0-9A-Za-z\-]{10,72}(?![\w\-])", 0.8, 0),
        (r"(?<![\w\-])AIza[0-9A-Za-z\-_]{35}(?![\w\-])", 0.8, 0),
    ]),
)
