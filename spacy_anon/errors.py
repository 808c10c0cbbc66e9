"""User-facing errors with codes, after `spacy.errors`: each message names the component, the setting
and the fix, and carries a code a user can search for ("[E104] anon_mask: ...").

Codes by area: E0xx pipeline and labels, E1xx anon_mask and its operators, E2xx rule recognizers.
Messages never quote document content (only settings the user wrote).
"""


class _WithCodes(type):
    def __getattribute__(cls, code: str) -> str:
        message = super().__getattribute__(code)
        if code.startswith("_"):
            return message
        return f"[{code}] {message}"


class Errors(metaclass=_WithCodes):
    # ------------------------------------------------------------------ pipeline, labels (E0xx)
    E001 = ("unknown corpus {corpus!r} for a label map (setting `corpus` of spacy_anon.corpus_label_map.v1); "
            "known: {known}. Fix: use one of them, or pass your own `label_map` dict")

    # ------------------------------------------------------------------ anon_mask (E1xx)
    E101 = ("anon_mask: unknown strategy {name!r} (setting `strategy` or `label_strategies`); valid strategies: "
            "{valid}. Fix: use one of them, or register an operator in spacy.registry.anon_operators")
    E102 = "anon_mask: key_scope must be one of {valid}, got {value!r}. Fix: set key_scope = \"document\" or \"corpus\""
    E103 = "anon_mask: consistency must be one of {valid}, got {value!r}. Fix: set consistency = \"doc\" or \"pipeline\""
    E104 = "anon_mask: run_rules must be \"auto\", true or false, got {value!r}"
    E105 = ("anon_mask: date_granularity must be one of {valid}, got {value!r} (strategy generalize). "
            "Fix: set date_granularity = \"month\" or \"year\"")
    E106 = "anon_mask: number_style must be one of {valid}, got {value!r} (strategy generalize)"
    E107 = "anon_mask: age_bucket must be at least 1 year, got {value!r} (strategy generalize)"
    E108 = ("anon_mask: bad {setting} {value!r} ({error}). Fix: use only the fields {fields} in braces, "
            "e.g. {example}")
    E109 = "anon_mask: pseudonym_length must be between 4 and 64 hex digits, got {value!r}"
    E110 = ("anon_mask: the 'pseudonym' strategy needs a secret key. Fix: set the environment variable {env} "
            "or the setting pseudonym_key (there is no default key)")
    E111 = ("anon_mask: a seed is not a secret (setting `seed` / --seed): seeded surrogates can be reversed with "
            "candidate lists. Fix: give a secret key of at least {min_length} characters in the environment "
            "variable {env} (or pseudonym_key) for reproducible surrogates, or drop the seed for random ones")
    E112 = "anon_mask: the secret key is empty (setting pseudonym_key or {env}). Fix: give a key of {min_length}+ characters"
    E113 = ("anon_mask: the secret key has {length} characters (setting pseudonym_key or {env}); a short key can "
            "be guessed. Fix: use at least {min_length} characters")
    E114 = ("anon_mask: unknown surrogate_locale {value!r}. Fix: use a Faker locale such as en_US, es_ES or "
            "pt_BR, or null for the pipeline's language")
    E115 = ("anon_mask: no surrogate different from the original for a {label} mention after {tries} tries "
            "(setting surrogate_provider). Fix: check the provider returns varied values")
    E116 = ("anon_mask: the overlap resolver returned {problem} (setting overlap_resolver). Fix: a resolver must "
            "return non-overlapping spans of the same Doc")
    E117 = ("anon_mask: the grouper returned {n_keys} keys for {n_spans} spans (setting grouper). Fix: a grouper "
            "must return one entity key per span, in order")
    E118 = ("anon_mask: doc.user_data[{key!r}] holds a {kind}, not a ReplacementMemory. Fix: put a "
            "spacy_anon.mask.memory.ReplacementMemory there, or nothing")
    E119 = "anon_mask: the {strategy!r} operator returned a {kind} for a {label} mention, not a string"
    E120 = ("anon_mask: allow_list entry {problem}. Fix: use strings (whole words), {{\"text\": ...}} or "
            "{{\"pattern\": regex}}")
    E121 = "anon_mask: unknown overlap criteria {unknown} (setting overlap_resolver.order); valid: {valid}"
    E122 = "anon_mask: grouper setting ambiguous must be one of {valid}, got {value!r}"
    E123 = "anon_mask: {setting} must be {allowed}, got {value!r}"
    E124 = ("anon_mask: an encrypted token {problem}. Fix: decrypt with the key that encrypted it "
            "(SPACY_ANON_KEY of that run) and the token exactly as written")
    E125 = ("anon_mask: unknown setting(s) {unknown} for the {name!r} operator (setting operators.{name}); "
            "known: {known}")
    E126 = "anon_mask: operators must map operator names to settings dicts, got {kind} for {name!r}"

    # ------------------------------------------------------------------ anon_generalize (E3xx)
    E301 = "anon_generalize: {setting} must be {allowed}, got {value!r}. Fix: {fix}"
    E302 = ("anon_generalize: vectors path {path!r} does not exist (setting vectors). Fix: train vectors with "
            "`spacy-anon train-embeddings`, or set vectors = null to generalize without them")

    # ------------------------------------------------------------------ anon_disclosure (E4xx)
    E401 = "anon_disclosure: {setting} must be {allowed}, got {value!r}"
    E402 = ("anon_disclosure: no vectors (setting vectors). Fix: set it to the output of "
            "`spacy-anon train-embeddings`, or call set_vectors()")
    E403 = ("anon_disclosure: {what} (setting on_subject_oov = \"error\"). Fix: train the vectors on a corpus "
            "that contains this document, or set on_subject_oov to \"mask_all\" or \"warn\"")

    # ------------------------------------------------------------------ anon_context_tagger (E5xx)
    E501 = ("{name}: span_threshold must be above 0.5 (above 1: scores only), got {value!r}. Fix: a token more "
            "likely outside a span than in one must not become a span")
    E502 = "{name}: the context classifier is not trained. Fix: run nlp.initialize() with training examples"
    E503 = "{name}: no training examples (nlp.initialize got none with tokens). Fix: give training data"

    # ------------------------------------------------------------------ anon_crf (E6xx)
    E601 = "{name}: unknown tag_scheme {value!r} (setting tag_scheme); use one of {valid}"
    E602 = ("{name}: context_veto must be in [0, 1), got {value!r}: 1 or more would drop every CRF span. "
            "Fix: a small probability such as 0.003, or 0 for no veto")
    E603 = ("{name}: span_filters.{filter} is a {kind}, not a span filter. Fix: name a registered function, "
            "e.g. @misc = \"spacy_anon.propagate.v1\"")
    E604 = "{name}: the CRF is not trained. Fix: run nlp.initialize() with training examples, or spacy train"
    E605 = ("{name}: context_veto is set but the doc has no token scores. Fix: put anon_context_tagger before "
            "this component, or set context_veto = 0")
    E606 = "{name}: phrase_variants names {phrases!r}, which is not a phrase gazetteer (setting phrase_gazetteers)"
    E607 = ("{name}: word-cluster file {path!r} not found (setting clusters). Fix: build it with `spacy-anon tagger "
            "clusters` (`python -m spacy project run clusters-english`), or set clusters = \"\" to train without")
    E608 = "{name}: no gold spans in the training examples (setting gold_key = {key!r}). Fix: check the corpus"
    E609 = "{name}: got unexpected settings {unknown}"
    E610 = "anon_crf span filter spacy_anon.date_chunks.v1: label must name the CRF's date label (e.g. \"FECHAS\"), got {value!r}"

    # ------------------------------------------------------------------ anon_rules (E2xx)
    E201 = ("anon_rules: unknown label {label!r} (setting deny_list); valid labels: {valid}. Fix: use one of them "
            "or declare your own in `extra_labels`")
    E202 = ("anon_rules: a deny_list entry must be a dict with exactly one of 'text' or 'pattern' and a 'label', "
            "got {kind}")
    E203 = "anon_rules: a deny_list entry has an empty 'text'"
    E204 = "anon_rules: invalid {setting} pattern {pattern!r}: {error}. Fix: a Python regular expression"
    E205 = "anon_rules: allow_list entries are strings or {{\"pattern\": regex}} dicts, got {kind}"
    E206 = ("anon_rules: unknown phone region(s) {bad} (setting phone_regions). Fix: ISO 3166 codes known to "
            "phonenumbers, e.g. US, GB, ES, PT, BR, DE, FR")
    E207 = "anon_rules: unknown postal locale(s) {bad} (setting postal_locales); valid: {valid}"
    E208 = "anon_rules: context_window must be >= 0, got {value!r}"
    E209 = "anon_rules: min_score and context_boost must be within [0, 1], got {min_score!r} and {context_boost!r}"
    E210 = "anon_rules: unknown language(s) {unknown} (setting languages); valid: {valid}"
    E211 = "anon_rules: the recognizer {name!r} {problem}"
    E212 = ("anon_rules: unknown rule recognizer {name!r} (setting recognizers); valid names: {valid}. Fix: use "
            "one of them; a recognizer of another package must be installed (entry point group "
            "spacy_anon_recognizers), or define it in the setting custom_recognizers to save it with the pipeline")
    E213 = "anon_rules: custom_recognizers entry {index} {problem}"
