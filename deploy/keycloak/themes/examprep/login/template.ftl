<#--
  examprep login theme: the page frame of every login page (ours and the keycloak.v2 ones).
  Same macro name and parameters as keycloak.v2's template.ftl, plus:
    showCarousel  - render the preview carousel beside the form (login, register)
    brandHeading  - the h1 is the product name and the "header" section becomes the h2
    pageTitle     - text of <title> before the product name (default: loginTitle)
  The product name comes from ONE place: the message key productName (messages/messages_en.properties).
  No inline scripts or event handlers: behaviour lives in resources/js (theme.properties "scripts").
-->
<#import "carousel.ftl" as carousel>
<#macro registrationLayout bodyClass="" displayInfo=false displayMessage=true displayRequiredFields=false showCarousel=false brandHeading=false pageTitle="">
<#assign productName = msg("productName")>
<!DOCTYPE html>
<html class="${properties.kcHtmlClass!}" lang="${lang}"<#if realm.internationalizationEnabled> dir="${(locale.rtl)?then('rtl','ltr')}"</#if>>
<head>
    <meta charset="utf-8">
    <meta name="color-scheme" content="light">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta name="robots" content="noindex, nofollow">
    <#if properties.meta?has_content>
        <#list properties.meta?split(' ') as meta>
            <meta name="${meta?split('==')[0]}" content="${meta?split('==')[1]}"/>
        </#list>
    </#if>
    <title><#if pageTitle?has_content>${pageTitle} | ${productName}<#else>${msg("loginTitle", productName)}</#if></title>
    <link rel="icon" type="image/svg+xml" href="${url.resourcesPath}/img/favicon.svg">
    <#if properties.stylesCommon?has_content>
        <#list properties.stylesCommon?split(' ') as style>
            <link href="${url.resourcesCommonPath}/${style}" rel="stylesheet">
        </#list>
    </#if>
    <#if properties.styles?has_content>
        <#list properties.styles?split(' ') as style>
            <link href="${url.resourcesPath}/${style}" rel="stylesheet">
        </#list>
    </#if>
    <script type="importmap">
        {
            "imports": {
                "rfc4648": "${url.resourcesCommonPath}/vendor/rfc4648/rfc4648.js"
            }
        }
    </script>
    <#if properties.scripts?has_content>
        <#list properties.scripts?split(' ') as script>
            <script src="${url.resourcesPath}/${script}" defer></script>
        </#list>
    </#if>
    <#if scripts??>
        <#list scripts as script>
            <script src="${script}" type="text/javascript"></script>
        </#list>
    </#if>
    <script type="module" src="${url.resourcesPath}/js/passwordVisibility.js"></script>
    <#-- keycloak.v2's session checks (login in another tab, stale auth session), fed by data attributes of <body> -->
    <script type="module" src="${url.resourcesPath}/js/session.js"></script>
</head>

<body id="keycloak-bg" class="${properties.kcBodyClass!} ${bodyClass}" data-page-id="login-${pageId}"
      data-sso-login-url="${url.ssoLoginInOtherTabsUrl}"<#if authenticationSession??> data-auth-session-hash="${authenticationSession.authSessionIdHash}"</#if>>
<header class="ep-navbar">
    <div class="ep-navbar__inner">
        <span class="ep-navbar__brand" id="kc-header">${productName}</span>
    </div>
</header>

<main id="kc-main" class="ep-main<#if showCarousel> ep-main--split</#if>">
    <section class="ep-card ep-auth" aria-labelledby="kc-page-title">
        <#if brandHeading>
            <h1 class="ep-card__brand">${productName}</h1>
            <h2 class="ep-card__title" id="kc-page-title"><#nested "header"></h2>
        <#else>
            <h1 class="ep-card__title ep-card__title--page" id="kc-page-title"><#nested "header"></h1>
        </#if>

        <#if displayRequiredFields>
            <p class="ep-required-note"><span class="ep-required" aria-hidden="true">*</span> ${msg("requiredFields")}</p>
        </#if>

        <#if auth?has_content && auth.showUsername() && !auth.showResetCredentials()>
            <div class="ep-attempted">
                <#nested "show-username">
                <span class="ep-attempted__label">${msg("email")}</span>
                <span class="ep-attempted__value" id="kc-attempted-username">${auth.attemptedUsername}</span>
                <a id="reset-login" class="ep-link" href="${url.loginRestartFlowUrl}">${msg("restartLoginTooltip")}</a>
            </div>
        </#if>

        <#-- App-initiated actions should not see warning messages about the need to complete the action during login. -->
        <#if displayMessage && message?has_content && (message.type != 'warning' || !isAppInitiatedAction??)>
            <div class="ep-alert ep-alert--${message.type}" id="kc-message" <#if message.type = 'error' || message.type = 'warning'>role="alert"<#else>role="status"</#if>>
                <span class="kc-feedback-text">${message.summary}</span>
            </div>
        </#if>

        <#nested "form">

        <#if auth?has_content && auth.showTryAnotherWayLink()>
            <form id="kc-select-try-another-way-form" class="ep-try-another-way" action="${url.loginAction}" method="post" novalidate="novalidate">
                <input type="hidden" name="tryAnotherWay" value="on">
                <button type="submit" id="try-another-way" class="ep-btn ep-btn--secondary ep-btn--block">${msg("doTryAnotherWay")}</button>
            </form>
        </#if>

        <#nested "socialProviders">

        <#if displayInfo>
            <div id="kc-info" class="ep-info">
                <div id="kc-info-wrapper">
                    <#nested "info">
                </div>
            </div>
        </#if>
    </section>

    <#if showCarousel>
        <@carousel.preview/>
    </#if>
</main>

<footer class="ep-footer">
    <p>&copy; ${.now?string("yyyy")} ${productName}</p>
</footer>
</body>
</html>
</#macro>
