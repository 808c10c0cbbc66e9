"""Words of mentions that identify nobody: common roles and kin, departments and fields of work, generic
institutions, software and systems, the keys and headers of forms and messages. A span made only of them
is a description many people or things share ("HR Business Partner", "Claimant", "Accounts Payable",
"Java, Kotlin, PostgreSQL", "Username"), not a name (the everyday guideline: common job titles, field keys
and public entities used generically are not marked; rare, specific occupations are).

Lists are lower case, a word looked up folded (but `CASED_PRODUCTS`, matched as written).
`spacy_anon.tagger.span_filters.generic_spans` drops the spans made of them, under the conditions its
docstring gives.
"""
from spacy_anon.lexicon.category_words import JOB_NOUNS, ROLE_WORDS

# Heads of a common role: jobs many people hold, parties of a case or a form, kin. Rare or specific
# occupations ("pilot", "firefighter", "perfusionist", "pastor", "miner") are not listed: they narrow
# down a person and the guideline marks them.
ROLE_HEADS = JOB_NOUNS | ROLE_WORDS | frozenset(
    "dentist registrar resident mentor mentee planner leader partner ceo cto cfo coo cio cmo cpo dpo "
    "claimant claimants defendant defendants applicant applicants respondent respondents appellant "
    "policyholder requester user users caller callers sirs madam solicitors lawyers attorneys staff employee "
    "employees colleagues student students holder owner member members buyer seller vendor guest visitor "
    "grandma grandmother grandad granddad grandpa grandfather granny nan nana mum mom mummy mother dad daddy "
    "father brother sister sibling siblings aunt auntie uncle cousin nephew niece boyfriend girlfriend "
    "fiance stepson stepdaughter stepmother stepfather kids children child baby parents parent".split())

# The parties of a case or a letter by their role ("the Claimant", "the Defendants"): court corpora mark
# none of them (TAB dev: 3 of 912 "applicant"), the everyday guideline neither.
PARTY_ROLES = frozenset(
    "claimant claimants defendant defendants applicant applicants respondent respondents appellant "
    "appellants plaintiff plaintiffs petitioner petitioners complainant complainants victim victims suspect "
    "suspects offender offenders accused "
    # the parties of a contract, a tenancy or a will, and a council's clerk, capitalised as defined terms ("the
    # Landlord", "the Tenant", "the Clerk")
    "landlord landlords landlady tenant tenants lessor lessee licensor licensee borrower borrowers lender lenders "
    "buyer buyers seller sellers purchaser purchasers vendor vendors guarantor guarantors occupier occupiers "
    "executor executors trustee trustees insurer insured policyholder clerk".split())

# Words before a role head that leave it common: seniority and grade, the department or field of work,
# the kind of work. A role with another word before it ("airline pilot", "rugby coach", "Cabin Service
# Manager") may be specific: it is kept.
ROLE_MODIFIERS = frozenset(
    "senior junior principal chief head deputy assistant associate lead trainee apprentice graduate intern "
    "qualified registered certified specialty speciality consultant staff line team shift duty practice "
    "general clinical medical dental nursing support customer client business service services account "
    "accounts project programme program product office site store shop floor area regional national local "
    "commis demi sous de partie software backend back-end frontend front-end fullstack full-stack stack "
    "embedded data web systems network it ict hr payroll finance financial sales marketing transport "
    "logistics operations people culture conciliation case care health safety security legal maintenance "
    "admin administrative executive technical development developer engineering research quality "
    "hospitality kitchen catering retail warehouse delivery reception front desk day night "
    "new former current previous acting interim temporary permanent part-time full-time".split())

# Departments and business functions, and the words that head a department's name.
DEPARTMENT_WORDS = frozenset(
    "hr human resources payroll sales finance accounts payable receivable credit control marketing "
    "procurement purchasing operations it ict legal compliance admissions reception facilities estates "
    "logistics customer customers service services shared people culture research development r&d quality "
    "assurance qa administration admin support helpdesk desk billing collections claims underwriting "
    "dispatch despatch security maintenance housekeeping".split())
DEPARTMENT_HEADS = frozenset("department dept team division unit office section function".split())

# Fields of study and medical specialties ("Mechanical Engineering", "Paediatric Cardiology"), with the
# words that qualify them; a field is held by thousands.
FIELDS = frozenset(
    "engineering medicine surgery nursing law economics history physics chemistry biology mathematics maths "
    "science sciences accounting business management computing informatics psychology sociology philosophy "
    "cardiology paediatrics pediatrics oncology neurology radiology dermatology orthopaedics orthopedics "
    "obstetrics gynaecology gynecology urology nephrology gastroenterology haematology hematology "
    "endocrinology rheumatology respiratory geriatrics psychiatry anaesthetics anesthesiology pathology "
    "ophthalmology physiotherapy pharmacy midwifery dentistry outpatients".split())
FIELD_MODIFIERS = frozenset(
    "mechanical electrical electronic civil chemical software computer data biomedical aerospace structural "
    "paediatric pediatric adult clinical general internal emergency acute applied pure social political "
    "public environmental interventional cardiac".split())
FIELD_HEADS = frozenset("clinic clinics ward wards department dept unit service team".split())

# Institutions named by their kind alone: a word for any of thousands ("the council", "Police").
INSTITUTIONS = frozenset(
    "police company agency council hospital clinic surgery school college university bank government "
    "ministry tribunal firm employer landlord insurer".split())
INSTITUTION_MODIFIERS = frozenset("employment local county city district borough the".split())

# Bodies of the state and of a court's procedure named by their kind alone, with their article or not ("the
# Government", "the Registrar", "the Chamber"): one in a story's country or court, named elsewhere by
# the name that identifies it. TAB's judgments mark "the Government" 22 times in 147, "the Court" 3 in
# 277, "the Chamber" 1 in 46, "the Registrar" 0 in 20.
STATE_BODIES = frozenset("government governments court chamber registrar registry commission tribunal "
                         "prosecutor prosecution".split())

# Software, programming languages, platforms and systems, used generically: a skill or a tool, not an
# organisation (the guideline's "Excel", "Zoom"). Companies that employ people are not listed.
PRODUCTS = frozenset(
    "java kotlin python sql postgresql postgres mysql sqlite mongodb redis kafka spark hadoop pandas numpy "
    "scipy tensorflow pytorch javascript typescript node.js nodejs react angular vue django flask "
    "php ruby rails scala golang c++ c# .net objective-c matlab excel powerpoint outlook "
    "sharepoint onedrive dropbox teams zoom skype slack jira confluence git github gitlab bitbucket docker "
    "kubernetes terraform ansible jenkins linux unix windows macos ios android tableau power bi looker "
    "qlik sas spss stata "
    "bitlocker epic cerner emis systmone meditech allscripts xero sage quickbooks workday "
    "wordpress shopify photoshop illustrator autocad revit solidworks".split())
# Social platforms and their short names ("insta", "ig", "snap"): where someone posts, no one's organisation
PLATFORMS = frozenset("linkedin whatsapp instagram tiktok facebook twitter youtube reddit snapchat insta ig snap fb "
                      "discord twitch telegram bluesky mastodon pinterest tumblr wechat".split())
PRODUCTS = PRODUCTS | PLATFORMS
# Products whose name is also a place or a word in another casing: matched as written ("RiO", not "Rio").
CASED_PRODUCTS = frozenset({"RiO", "SystmOne", "EMIS"})
# Acronyms of technology and records systems, of generic roles and of UK tax forms.
TECH_ACRONYMS = frozenset(
    "api apis rest json xml html css http https wan lan vpn ip dns ssh ssl tls ehr emr epr crm erp hris "
    "ui ux ci cd saas paas iaas aws gcp sso mfa 2fa os cpu gpu ram usb wifi wi-fi cctv p45 p45s p60 p60s "
    "p11d p11ds p32 paye vat".split())

# Keys and headers of forms, tickets, messages and posts ("Username: ...", "-----Original Message-----",
# "Posted by", "Live chat transcript"): layout, not a value.
FIELD_LABELS = frozenset(
    "username user requester nationality photo posted chat transcript duplicate offer original message "
    "details bank subject description summary update note notes comments comment reply replies post "
    "status priority category location site department manager asset tag device item items reason "
    "request live thread attachment attachments forwarded".split())
