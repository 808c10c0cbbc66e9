"""Words of legal English and Latin that court judgments use as ordinary prose ("inter alia", "bona fide",
"hereinafter", "whereby") and that no shipped dictionary list has: read in lower case in a line typed in
capitals or in lower case, not taken for names (`spacy_anon.casing`)."""

LEGAL_PROSE_WORDS = frozenset(
    "alia inter hereinafter herewith hereby hereto hereunder heretofore herein thereof therein thereto "
    "thereunder whereby whereof wherein albeit aforesaid aforementioned undersigned cassation bona fide prima "
    "facie mutatis mutandis ratione materiae personae temporis loci officio locus standi habeas judice ultra "
    "vires judicata amicus curiae obiter dicta ibid facto jure stricto sensu lato mens rea actus reus nolle "
    "prosequi certiorari mandamus meruit viz partes erga omnes rata bono hoc priori fortiori absentia situ "
    "sine die quo travaux préparatoires diem addendum".split())
