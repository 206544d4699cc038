"""Tools known by their kind: the package manager, the code host, the chat app, the design tool ...

Chat names tools in lower case ("we switched to pnpm", "band's on whatsapp now"), where a name cannot be told
from a word by its capital. A name listed here is a tool, and its kind is its slot ("tool:package-manager"), so a
change to another tool of the same kind replaces the old one although the two names share nothing, and a tool
of another kind ("we use pnpm", then "we use Vite") is kept beside it.

Only names that are not also everyday words, places or people's names are known: "yarn", "poetry", "flask",
"nomad", "hugo" and "phoenix" are tools too, but "I use yarn" is more often knitting than JavaScript and "I live
in Phoenix" is a city, so they are left to the readers that want a capital or a named purpose.

The kinds extend the table in ``extraction_rules`` (``extra_kinds`` is merged into it; a name it already knows
keeps its kind there).
"""

from __future__ import annotations


def _names(text: str) -> frozenset[str]:
    return frozenset(item.strip().lower() for item in text.replace("\n", ",").split(",") if item.strip())


# kind -> names. A team or a project has one tool of each kind at a time. Tools of many uses (Notion, Obsidian,
# Excel, Airtable) have no kind: what they are used for names their slot ("I use Excel for budgeting").
_KINDS: dict[str, frozenset[str]] = {
    "package-manager": _names("npm, pnpm, pip, pipenv, uv, conda, mamba, composer, nuget, homebrew"),
    "build": _names("webpack, vite, esbuild, rollup, turbopack, gradle, maven, bazel, sbt, cmake"),
    "monorepo": _names("nx, turborepo, lerna"),
    "vcs": _names("git, svn, subversion, mercurial, perforce"),
    "code-host": _names("github, gitlab, bitbucket, gitea, codeberg, sourcehut, azure repos"),
    "container": _names("docker, podman"),
    "orchestration": _names("kubernetes, k8s, nomad, openshift, docker swarm, eks, gke, aks, ecs"),
    "iac": _names("terraform, opentofu, pulumi, ansible, cloudformation"),
    "monitoring": _names("grafana, datadog, prometheus, new relic, sentry, splunk, dynatrace, kibana"),
    "docs": _names("confluence, google docs, gitbook, sharepoint"),
    "design": _names("figma, adobe xd, penpot, canva, invision"),
    "video-calls": _names("zoom, google meet, webex, skype, whereby, gotomeeting"),
    "office": _names("google workspace, g suite, gsuite, microsoft 365, office 365"),
    "warehouse": _names("snowflake, bigquery, redshift, databricks"),
    "bi": _names("tableau, power bi, powerbi, looker, metabase, superset, qlik"),
    "password-manager": _names("1password, bitwarden, lastpass, keepass, keepassxc, dashlane"),
    "payments": _names("stripe, paypal, adyen, braintree"),
    "crm": _names("salesforce, hubspot, pipedrive"),
    "queue": _names("kafka, rabbitmq, sqs, activemq"),
    "cms": _names("wordpress, drupal, contentful, strapi, squarespace, wix, webflow, shopify"),
    "email": _names("gmail, fastmail, protonmail, proton mail, thunderbird"),
    # Frameworks and site generators: what a frontend or a site is built with.
    "frontend": _names(
        "react, vue, vue.js, vuejs, angular, angularjs, svelte, sveltekit, solidjs, next.js, nextjs, nuxt, "
        "ember.js, jquery, astro, hugo, jekyll, eleventy, 11ty, gatsby, htmx, tailwind"
    ),
    "backend": _names(
        "django, fastapi, ruby on rails, laravel, spring boot, phoenix, nestjs, asp.net, .net, dotnet, symfony, "
        "node, node.js, nodejs, deno"
    ),
    "mobile": _names("flutter, react native, swiftui, xamarin, ionic"),
    # Kinds the table in extraction_rules already has, with the names chat uses that it lacks.
    "chat": _names("google chat, rocketchat"),
    # The apps one's own groups talk on (a band, a club, the family) are a kind apart from work's chat: "my band
    # moved to whatsapp" replaces the band's discord, and no group's app ever replaces work's Slack or Teams.
    # (Signal is a word too, but no reader of tools takes "no signal" or "the signal is bad" for one in use.)
    "group-chat": _names("whatsapp, discord, telegram, signal, imessage, facebook messenger, groupme, viber, wechat"),
    # Hosts people rent for their own things (hetzner, linode, ovh, vultr) are left out: "I host my blog on
    # Hetzner" names no context, so as a known cloud it went on work's slot and replaced the work's cloud
    # (measured: one end state lost on a blind half). They stay tools by their capital, each on its own slot.
    "cloud": _names("cloudflare, cloudflare pages, github pages, firebase, oracle cloud, ibm cloud"),
    "language": _names(
        "bash, powershell, cobol, fortran, groovy, elm, nim, vba, vb.net, visual basic, solidity, sql, sas"
    ),
    "issue-tracker": _names("github issues, redmine, bugzilla, pivotal tracker, plane"),
    "ci": _names("bitbucket pipelines, azure devops, argo cd, argocd, bamboo, gocd, woodpecker"),
    "editor": _names("jetbrains, rider, clion, rubymine, phpstorm, textmate, windsurf"),
}

# Tools whose name is an everyday word as often: never known by name alone.
_WORDS = _names(
    "yarn, poetry, flask, cargo, bun, chef, puppet, sketch, spring, express, rails, plane, rider, bamboo, "
    "elm, nim, nomad, node, mamba, homebrew, superset, looker, coda, gatsby, hugo, ionic, sas"
)
# Tools named as places or people are as often: never known by name alone ("I live in Phoenix").
_PLACES = _names("phoenix")

_KIND_OF = {name: kind for kind, names in _KINDS.items() for name in names if name not in _WORDS | _PLACES}


def kind_of(name: str) -> str | None:
    """The kind of a tool named in any case ("PNPM", "pnpm"), or None for a name not known here."""
    return _KIND_OF.get(" ".join(name.lower().split()))


def extra_kinds(known: dict[str, str]) -> dict[str, str]:
    """``known`` (name -> kind) with the names listed here added; a name already known keeps its kind."""
    return {**_KIND_OF, **known}
